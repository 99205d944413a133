import { createHash, randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { secondStepOf, type SecondStep } from '../../../shared/domain/second-factor';
import { appSettings, mfaFactors, sessions, users } from '../db/schema';
import type { SessionCache, SessionRow } from './session-cache';

export const SESSION_COOKIE = 'ls_session';
/** The app setting (src/server/platform/settings.ts) read with the session: a second factor for admins and coordinators. */
export const REQUIRE_SECOND_FACTOR_KEY = 'requireSecondFactor';
/** Sliding expiry is written at most this often, so reads do not turn into writes. */
export const TOUCH_INTERVAL_MS = 60_000;

export interface SessionUser {
  id: string;
  role: string;
  fullName: string;
  email: string;
  ministryId: string | null;
  passwordResetRequired: boolean;
}

export interface LoadedSession {
  id: string;
  csrfToken: string;
  expiresAt: Date;
  /** True when this request moved the expiry forward, so the cookie's expiry should move too. */
  renewed: boolean;
  user: SessionUser;
  /** The second step this session still owes, which confines it until done (decision 0037). */
  secondStep: SecondStep | null;
}

/** The session cookie: unreadable by scripts, not sent on cross-site sub-requests. */
export function sessionCookieOptions(secure: boolean, expires: Date) {
  return { httpOnly: true, sameSite: 'lax' as const, secure, path: '/', expires };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

export async function createSession(
  db: Executor,
  userId: string,
  idleDays: number,
  meta: { userAgent?: string; ip?: string; bySso?: boolean },
): Promise<{ token: string; csrfToken: string; expiresAt: Date }> {
  const token = newToken();
  const csrfToken = newToken();
  const expiresAt = new Date(Date.now() + idleDays * 86_400_000);
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    csrfToken,
    expiresAt,
    userAgent: meta.userAgent?.slice(0, 300),
    ip: meta.ip,
    bySso: meta.bySso ?? false,
  });
  return { token, csrfToken, expiresAt };
}

/** A cookie whose session ended for a reason the person should be told (guide/accounts-and-security.md#sessions). */
export interface SessionEnded {
  ended: 'deactivated';
}

/**
 * Finds the live session of a cookie token. A deactivated user has no live session: their
 * sessions are deleted the first time one is used, so access ends with the deactivation.
 *
 * With a cache, a session read within its lifetime is used again without a database read
 * (decision 0028), except when the sliding expiry is due: then it is read and moved as before.
 */
export async function loadSession(
  db: Executor,
  token: string,
  idleDays: number,
  cache?: SessionCache,
): Promise<LoadedSession | SessionEnded | null> {
  const id = hashToken(token);
  const cached = cache?.get(id);
  if (cached && !touchDue(cached)) return loaded(cached, false);
  const ticket = cache?.begin() ?? 0;
  const [row] = await db
    .select({
      id: sessions.id,
      csrfToken: sessions.csrfToken,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      aal: sessions.aal,
      secondFactor: {
        enrolled: sql<boolean>`exists(select 1 from ${mfaFactors} where ${mfaFactors.userId} = ${users.id} and ${mfaFactors.status} = 'verified')`,
        requiredForStaff: sql<boolean>`exists(select 1 from ${appSettings} where ${appSettings.key} = ${REQUIRE_SECOND_FACTOR_KEY} and ${appSettings.value} = 'true'::jsonb)`,
      },
      user: {
        id: users.id,
        role: users.role,
        fullName: users.fullName,
        email: users.email,
        ministryId: users.ministryId,
        passwordResetRequired: users.passwordResetRequired,
        active: users.active,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id))
    .limit(1);
  if (!row) return null;
  if (!row.user.active) {
    await endAllSessionsOf(db, row.user.id);
    return { ended: 'deactivated' };
  }
  if (row.expiresAt.getTime() <= Date.now()) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  const { active: _active, ...user } = row.user;
  let live: SessionRow = { ...row, user };
  const renewed = touchDue(live);
  if (renewed) {
    live = { ...live, lastSeenAt: new Date(), expiresAt: new Date(Date.now() + idleDays * 86_400_000) };
    await db.update(sessions).set({ lastSeenAt: live.lastSeenAt, expiresAt: live.expiresAt }).where(eq(sessions.id, id));
  }
  cache?.store(live, ticket);
  return loaded(live, renewed);
}

const touchDue = (row: SessionRow) => Date.now() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS;

const loaded = (row: SessionRow, renewed: boolean): LoadedSession => ({
  id: row.id,
  csrfToken: row.csrfToken,
  expiresAt: row.expiresAt,
  renewed,
  user: row.user,
  secondStep: secondStepOf({ aal: row.aal, role: row.user.role, ...row.secondFactor }),
});

export type SignOutScope = 'local' | 'global' | 'others';

export async function endSessions(db: Executor, sessionId: string, userId: string, scope: SignOutScope) {
  if (scope === 'local') await db.delete(sessions).where(eq(sessions.id, sessionId));
  else if (scope === 'global') await db.delete(sessions).where(eq(sessions.userId, userId));
  else await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, sessionId)));
}

export async function endAllSessionsOf(db: Executor, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Deletes sessions past their expiry (the purge job); returns how many. */
export async function purgeExpiredSessions(db: Executor): Promise<number> {
  const removed = await db
    .delete(sessions)
    .where(sql`${sessions.expiresAt} < now()`)
    .returning({ id: sessions.id });
  return removed.length;
}

/**
 * A session that still grants access (not ended, not expired, its user active): its expiry and
 * its user's current role. The event stream asks this once per 'sessions' event, gap or expiry.
 */
export async function liveSession(db: Executor, sessionId: string): Promise<{ expiresAt: Date; role: string } | null> {
  const [row] = await db
    .select({ expiresAt: sessions.expiresAt, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), sql`${sessions.expiresAt} > now()`, eq(users.active, true)))
    .limit(1);
  return row ?? null;
}

/**
 * The event that tells every instance that these users' sessions or profile changed (sign-out,
 * password, deactivation, role or name): cached sessions are dropped and open event streams check.
 */
export const sessionsChanged = (userId: string) => ({ topic: 'sessions', audience: { userIds: [userId] } });
