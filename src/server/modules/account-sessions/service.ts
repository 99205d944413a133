import { createHash } from 'node:crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
import { TWO_FACTOR_MESSAGES as M, type AccountSession } from '../../../shared/api/two-factor';
import { endSessions, sessionsChanged } from '../../platform/auth/sessions';
import { inTransaction, type AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { sessions } from '../../platform/db/schema';
import { notFound } from '../../platform/errors';

/**
 * The person's own sessions on the account page: each with its device, address and last
 * use, ended one by one or all but this one (guide/accounts-and-security.md#sessions, sign-out scope `others`).
 *
 * A session's key (the hash of its cookie) never leaves the server: the page names each session by
 * a hash of that key, which cannot be turned back into it nor used as a session.
 */
export const publicSessionId = (sessionId: string) => createHash('sha256').update(`session:${sessionId}`).digest('hex').slice(0, 32);

async function liveSessionsOf(db: Executor, userId: string) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

export async function listSessions(ctx: AppContext, userId: string, currentId: string): Promise<AccountSession[]> {
  const rows = await liveSessionsOf(ctx.db, userId);
  const out = rows.map((s) => ({
    id: publicSessionId(s.id),
    userAgent: s.userAgent,
    ip: s.ip,
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: s.lastSeenAt.toISOString(),
    current: s.id === currentId,
  }));
  // This device first, then the others by last use.
  return [...out.filter((s) => s.current), ...out.filter((s) => !s.current)];
}

/** Ends one of the person's own sessions; answers whether it was this one (then the cookie goes too). */
export async function endOwnSession(ctx: AppContext, userId: string, currentId: string, publicId: string): Promise<{ current: boolean }> {
  return inTransaction(ctx, async (tx, events) => {
    const target = (await liveSessionsOf(tx, userId)).find((s) => publicSessionId(s.id) === publicId);
    if (!target) throw notFound(M.sessionNotFound);
    await endSessions(tx, target.id, userId, 'local');
    events.push(sessionsChanged(userId));
    return { current: target.id === currentId };
  });
}

/** "Sign out all other sessions": the `others` scope. */
export async function endOtherSessions(ctx: AppContext, userId: string, currentId: string): Promise<void> {
  await inTransaction(ctx, async (tx, events) => {
    await endSessions(tx, currentId, userId, 'others');
    events.push(sessionsChanged(userId));
  });
}
