import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { AUTH_MESSAGES, type ChangePasswordInput, type CurrentUser } from '../../../shared/api/auth';
import { presentCurrentUser } from '../../platform/auth/current-user';
import type { AppContext } from '../../platform/context';
import { inTransaction } from '../../platform/context';
import { loginAttempts, passwordResetTokens, sessions, users } from '../../platform/db/schema';
import { AppError, badRequest } from '../../platform/errors';
import { deviceSecret, knownDevice } from '../../platform/auth/device-cookies';
import { takePasswordAttempt } from '../../commands/sign-in-limits';
import { reauthenticate, type Requester } from '../../commands/reauthenticate';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { createSession, endAllSessionsOf, endSessions, hashToken, sessionsChanged } from '../../platform/auth/sessions';
import { queueEmail } from '../../platform/mail/outbox';
import { passwordSignInAllowed } from '../../platform/auth/oidc';
import { SSO_MESSAGES } from '../../../shared/api/sso-messages';

// The sign-in limits live with the code limits in the commands (decisions 0008 and 0051).
export { ACCOUNT_FAILURE_CEILING, ADDRESS_FAILURE_LIMIT, DEVICE_FAILURE_LIMIT, PAIR_FAILURE_LIMIT } from '../../commands/sign-in-limits';
const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const RESET_LINKS_PER_HOUR = 3;
/** Reset e-mails one address can have queued in an hour, whatever accounts it names. */
export const RESET_LINKS_PER_ADDRESS_PER_HOUR = 5;

/**
 * Password sign-in under the limits (decision 0051): a browser holding this account's device
 * cookie is limited by its own failures only; any other by the account from this address, the
 * address, and the account from everywhere.
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
    /** The browser's device cookie, if any. */
    deviceCookie?: string;
  },
): Promise<{ user: CurrentUser; token: string; csrfToken: string; expiresAt: Date }> {
  await requirePasswordSignIn(ctx);
  const email = input.email.toLowerCase();
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  const device = user ? knownDevice(await deviceSecret(ctx.db), input.deviceCookie, user.id) : null;
  const attemptId = await takePasswordAttempt(ctx.db, email, { ip: input.ip, device });
  const ok = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyPassword(await dummyPasswordHash(), input.password).then(() => false);
  if (!user || !ok || user.isExternal) throw new AppError(400, 'invalid_credentials', AUTH_MESSAGES.invalidCredentials);
  if (!user.active) throw new AppError(403, 'deactivated', AUTH_MESSAGES.deactivated);
  const session = await openSession(ctx, user, { ...input, attemptId });
  return { user: presentCurrentUser(user), ...session };
}

export interface OpenSessionInput {
  email: string;
  ip: string;
  userAgent?: string;
  /** The session this browser was signed in with, ended by the new sign-in. */
  previousSession?: { id: string; userId: string } | null;
  /** The password sign-in's attempt row, marked succeeded; without it a succeeded attempt is written. */
  attemptId?: string;
  /** Single sign-on opened the session (a fresh one proves the person, decision 0051). */
  bySso?: boolean;
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
    return createSession(tx, user.id, ctx.config.sessionIdleDays, { ip: input.ip, userAgent: input.userAgent, bySso: input.bySso });
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
export async function requestPasswordReset(ctx: AppContext, email: string, ip: string): Promise<void> {
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
  // Nor may one address send many, whichever accounts it names. The answer is the same either way.
  const [fromAddress] = await ctx.db
    .select({ n: count() })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.requestedIp, ip), gt(passwordResetTokens.createdAt, new Date(Date.now() - RESET_TOKEN_TTL_MS))));
  if ((fromAddress?.n ?? 0) >= RESET_LINKS_PER_ADDRESS_PER_HOUR) return;
  const token = randomBytes(32).toString('base64url');
  await inTransaction(ctx, async (tx) => {
    await tx.insert(passwordResetTokens).values({
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
      requestedIp: ip,
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

/**
 * The signed-in user's own change, after proof that they are the owner (decision 0051): the
 * current password (the temporary one when the change is forced), a fresh code, or a fresh single
 * sign-on. The password-change flag is cleared in the same transaction.
 */
export async function changePassword(ctx: AppContext, who: Requester, input: ChangePasswordInput) {
  const { user, sessionId } = who;
  await reauthenticate(ctx.db, who, input);
  const passwordHash = await hashPassword(input.password);
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
