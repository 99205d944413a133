import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { AUTH_MESSAGES, type CurrentUser } from '../../../shared/api/auth';
import type { Role } from '../../../shared/domain/roles';
import type { SecondStep } from '../../../shared/domain/second-factor';
import type { AppContext } from '../../platform/context';
import { inTransaction } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { loginAttempts, passwordResetTokens, sessions, users } from '../../platform/db/schema';
import { AppError, badRequest, tooMany } from '../../platform/errors';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { createSession, endAllSessionsOf, endSessions, hashToken, sessionsChanged, type SessionUser } from '../../platform/auth/sessions';
import { queueEmail } from '../../platform/mail/outbox';
import { passwordSignInAllowed } from '../../platform/auth/oidc';
import { SSO_MESSAGES } from '../../../shared/api/sso-messages';

/**
 * Sign-in limits over 15 minutes (decision 0008): failures for one account from one address, for
 * any accounts from one address, and a much higher ceiling for one account from everywhere. The
 * per-account limit counts per address so that failures elsewhere never lock the owner out.
 */
export const PAIR_FAILURE_LIMIT = 5;
export const ADDRESS_FAILURE_LIMIT = 20;
export const ACCOUNT_FAILURE_CEILING = 50;
const WINDOW_MINUTES = 15;
const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const RESET_LINKS_PER_HOUR = 3;

/** The user as the browser sees them, with the second step their session still owes (decision 0037). */
export function presentUser(u: SessionUser, secondStep: SecondStep | null = null): CurrentUser {
  return {
    id: u.id,
    fullName: u.fullName,
    email: u.email,
    role: u.role as Role,
    ministryId: u.ministryId,
    passwordResetRequired: u.passwordResetRequired,
    secondStep,
  };
}

/** Failures in the window for this account from this address, from this address, and for this account. */
async function recentFailures(db: Executor, email: string, ip: string) {
  const [row] = await db
    .select({
      pair: sql<number>`count(*) filter (where ${loginAttempts.email} = ${email} and ${loginAttempts.ip} = ${ip})::int`,
      address: sql<number>`count(*) filter (where ${loginAttempts.ip} = ${ip})::int`,
      account: sql<number>`count(*) filter (where ${loginAttempts.email} = ${email})::int`,
    })
    .from(loginAttempts)
    .where(
      and(
        or(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip)),
        eq(loginAttempts.succeeded, false),
        gt(loginAttempts.createdAt, sql`now() - make_interval(mins => ${WINDOW_MINUTES})`),
      ),
    );
  return { pair: row?.pair ?? 0, address: row?.address ?? 0, account: row?.account ?? 0 };
}

/**
 * Password sign-in with three limits in 15 minutes: 5 failures for one account from one address,
 * 20 from one address, 50 for one account. The attempt is written before the password is checked,
 * so parallel guesses count against each other instead of all passing the limit check at once; an
 * attempt refused by the limit is removed so a user who retries too early does not extend their
 * own wait.
 */
export async function signIn(
  ctx: AppContext,
  input: {
    email: string;
    password: string;
    ip: string;
    userAgent?: string;
    /** The session this browser was signed in with, ended by the new sign-in. */
    previousSession?: { id: string; userId: string } | null;
  },
): Promise<{ user: CurrentUser; token: string; csrfToken: string; expiresAt: Date }> {
  await requirePasswordSignIn(ctx);
  const email = input.email.toLowerCase();
  const [attempt] = await ctx.db
    .insert(loginAttempts)
    .values({ email, ip: input.ip, succeeded: false })
    .returning({ id: loginAttempts.id });
  const failures = await recentFailures(ctx.db, email, input.ip);
  if (failures.pair > PAIR_FAILURE_LIMIT || failures.address > ADDRESS_FAILURE_LIMIT || failures.account > ACCOUNT_FAILURE_CEILING) {
    await ctx.db.delete(loginAttempts).where(eq(loginAttempts.id, attempt.id));
    throw tooMany(AUTH_MESSAGES.tooManyAttempts);
  }
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  const ok = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyPassword(await dummyPasswordHash(), input.password).then(() => false);
  if (!user || !ok || user.isExternal) throw new AppError(400, 'invalid_credentials', AUTH_MESSAGES.invalidCredentials);
  if (!user.active) throw new AppError(403, 'deactivated', AUTH_MESSAGES.deactivated);
  const session = await openSession(ctx, user, { ...input, attemptId: attempt.id });
  return { user: presentUser(user), ...session };
}

export interface OpenSessionInput {
  email: string;
  ip: string;
  userAgent?: string;
  /** The session this browser was signed in with, ended by the new sign-in. */
  previousSession?: { id: string; userId: string } | null;
  /** The password sign-in's attempt row, marked succeeded; without it a succeeded attempt is written. */
  attemptId?: string;
}

/**
 * Opens the session of a person who proved who they are, whichever way (the password form or
 * single sign-on, decision 0036): the attempt is recorded as succeeded, the last sign-in time
 * set, their expired sessions and this browser's previous session removed, and a new session
 * with its CSRF token created, in one transaction.
 */
export async function openSession(ctx: AppContext, user: { id: string }, input: OpenSessionInput) {
  return inTransaction(ctx, async (tx, events) => {
    if (input.attemptId) await tx.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, input.attemptId));
    else await tx.insert(loginAttempts).values({ email: input.email.toLowerCase(), ip: input.ip, succeeded: true });
    await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
    await tx.delete(sessions).where(and(eq(sessions.userId, user.id), lt(sessions.expiresAt, new Date())));
    // The browser's cookie is replaced, so its previous session would live on unseen (a copy of
    // the old cookie would still work): it ends here, whoever it belonged to.
    if (input.previousSession) {
      await tx.delete(sessions).where(eq(sessions.id, input.previousSession.id));
      events.push(sessionsChanged(input.previousSession.userId));
    }
    return createSession(tx, user.id, ctx.config.sessionIdleDays, { ip: input.ip, userAgent: input.userAgent });
  });
}

/** Refuses the password doors (sign-in, the reset link request) while an admin has turned them off. */
async function requirePasswordSignIn(ctx: AppContext): Promise<void> {
  if (!(await passwordSignInAllowed(ctx.db, ctx.config))) {
    throw new AppError(403, 'password_sign_in_off', SSO_MESSAGES.passwordSignInOff);
  }
}

export async function signOut(ctx: AppContext, sessionId: string, userId: string, scope: 'local' | 'global' | 'others') {
  await endSessions(ctx.db, sessionId, userId, scope);
  await ctx.bus.publish([sessionsChanged(userId)]);
}

/**
 * Queues the reset e-mail with a single-use link that expires in an hour. Says nothing about whether
 * the account exists. The link's origin is the configured one, never the request's Host header.
 */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  await requirePasswordSignIn(ctx);
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  if (!user || !user.active || user.isExternal) return;
  // A few links an hour are plenty; more would let anyone flood a mailbox through this form.
  const [recent] = await ctx.db
    .select({ n: count() })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, user.id), gt(passwordResetTokens.createdAt, new Date(Date.now() - RESET_TOKEN_TTL_MS))));
  if ((recent?.n ?? 0) >= RESET_LINKS_PER_HOUR) return;
  const token = randomBytes(32).toString('base64url');
  await inTransaction(ctx, async (tx) => {
    await tx.insert(passwordResetTokens).values({
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
    await queueEmail(tx, {
      recipient: user.email,
      subject: 'Reset your Lampstand password',
      body: `Hello ${user.fullName},\n\nSomeone asked to reset the password of your Lampstand account. The link below works once and expires in one hour. If it was not you, ignore this e-mail.`,
      actionUrl: `${ctx.config.appOrigin}/change-password?token=${token}`,
      actionText: 'Set a new password',
      secrets: [token],
    });
  });
}

/** The signed-in user's own change; the flag is cleared in the same transaction (spec 000 section 4). */
export async function changePassword(ctx: AppContext, user: SessionUser, sessionId: string, password: string) {
  const passwordHash = await hashPassword(password);
  await inTransaction(ctx, async (tx, events) => {
    await tx.update(users).set({ passwordHash, passwordResetRequired: false }).where(eq(users.id, user.id));
    await endSessions(tx, sessionId, user.id, 'others');
    events.push(sessionsChanged(user.id));
  });
}

export async function resetPasswordWithToken(ctx: AppContext, token: string, password: string) {
  const passwordHash = await hashPassword(password);
  await inTransaction(ctx, async (tx, events) => {
    const [row] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!row) throw badRequest(AUTH_MESSAGES.resetLinkInvalid);
    await tx.update(users).set({ passwordHash, passwordResetRequired: false }).where(eq(users.id, row.userId));
    await endAllSessionsOf(tx, row.userId);
    events.push(sessionsChanged(row.userId));
  });
}
