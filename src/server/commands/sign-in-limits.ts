import { and, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import { AUTH_MESSAGES } from '../../shared/api/auth';
import { TWO_FACTOR_MESSAGES } from '../../shared/api/two-factor';
import type { Executor } from '../platform/db/client';
import { loginAttempts, mfaAttempts } from '../platform/db/schema';
import { tooMany } from '../platform/errors';

/**
 * The limits on wrong passwords and wrong codes (decisions 0008 and 0051), all over 15 minutes and
 * counted in the database so every instance shares them.
 *
 * A browser unknown to the account (no device cookie for it) is limited as before: 5 failures for
 * one account from one address, 20 from one address, and a ceiling for the account from everywhere
 * (50 passwords, 10 codes: whoever guesses codes already has the password). A browser that holds
 * the account's device cookie, or a session already fully signed in, is limited only by its own
 * failures (5), and its failures count against nothing else: a stranger can neither be helped by
 * the owner's browser nor lock it out.
 *
 * An attempt is written before the password or code is checked, so parallel guesses count against
 * each other instead of all passing the limit check at once; an attempt refused by the limit is
 * removed so a person who retries too early does not extend their own wait.
 */
export const PAIR_FAILURE_LIMIT = 5;
export const ADDRESS_FAILURE_LIMIT = 20;
export const ACCOUNT_FAILURE_CEILING = 50;
export const CODE_ACCOUNT_FAILURE_LIMIT = 10;
/** Failures of one known browser (device cookie) or one fully signed-in session. */
export const DEVICE_FAILURE_LIMIT = 5;
export const LIMIT_WINDOW_MINUTES = 15;

const inWindow = (column: typeof loginAttempts.createdAt | typeof mfaAttempts.createdAt) =>
  gt(column, sql`now() - make_interval(mins => ${LIMIT_WINDOW_MINUTES})`);
const countWhere = (cond: SQL) => sql<number>`count(*) filter (where ${cond})::int`;

/** Who is trying: their address and, when their browser holds the account's device cookie, its nonce. */
export interface PasswordClient {
  ip: string;
  device: string | null;
}

/**
 * Writes a password attempt for this account and client and answers its id, or throws 429 when the
 * client is over its limits (the attempt removed again).
 */
export async function takePasswordAttempt(db: Executor, email: string, client: PasswordClient): Promise<string> {
  const [attempt] = await db
    .insert(loginAttempts)
    .values({ email, ip: client.ip, device: client.device, succeeded: false })
    .returning({ id: loginAttempts.id });
  const failed = and(eq(loginAttempts.succeeded, false), inWindow(loginAttempts.createdAt));
  let over: boolean;
  if (client.device) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.device, client.device), failed));
    over = (row?.n ?? 0) > DEVICE_FAILURE_LIMIT;
  } else {
    const [row] = await db
      .select({
        pair: countWhere(and(eq(loginAttempts.email, email), eq(loginAttempts.ip, client.ip))!),
        address: countWhere(eq(loginAttempts.ip, client.ip)),
        account: countWhere(eq(loginAttempts.email, email)),
      })
      .from(loginAttempts)
      .where(and(or(eq(loginAttempts.email, email), eq(loginAttempts.ip, client.ip)), isNull(loginAttempts.device), failed));
    over =
      (row?.pair ?? 0) > PAIR_FAILURE_LIMIT || (row?.address ?? 0) > ADDRESS_FAILURE_LIMIT || (row?.account ?? 0) > ACCOUNT_FAILURE_CEILING;
  }
  if (over) {
    await db.delete(loginAttempts).where(eq(loginAttempts.id, attempt.id));
    throw tooMany(AUTH_MESSAGES.tooManyAttempts);
  }
  return attempt.id;
}

export async function passwordAttemptSucceeded(db: Executor, attemptId: string): Promise<void> {
  await db.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, attemptId));
}

/**
 * Who sends a code: the person, the address, the session, and what the client is trusted by, if
 * anything: `device:<nonce>` for a browser holding the person's device cookie, `session:<id>` for a
 * session already fully signed in; null for a half-signed-in session on an unknown browser.
 */
export interface CodeClient {
  userId: string;
  ip: string;
  sessionId: string;
  trustedBy: string | null;
}

/**
 * Runs one code check under the limits. `check` answers whether the code was right (and has used
 * it up); a right code marks the attempt succeeded, so it never counts as a failure.
 */
export async function limitedCodeCheck(db: Executor, client: CodeClient, check: () => Promise<boolean>): Promise<boolean> {
  const [attempt] = await db
    .insert(mfaAttempts)
    .values({ userId: client.userId, ip: client.ip, sessionId: client.sessionId, trustedBy: client.trustedBy, succeeded: false })
    .returning({ id: mfaAttempts.id });
  const failed = and(eq(mfaAttempts.succeeded, false), inWindow(mfaAttempts.createdAt));
  let over: boolean;
  if (client.trustedBy) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(mfaAttempts)
      .where(and(eq(mfaAttempts.trustedBy, client.trustedBy), failed));
    over = (row?.n ?? 0) > DEVICE_FAILURE_LIMIT;
  } else {
    const [row] = await db
      .select({
        pair: countWhere(and(eq(mfaAttempts.userId, client.userId), eq(mfaAttempts.ip, client.ip))!),
        address: countWhere(eq(mfaAttempts.ip, client.ip)),
        account: countWhere(eq(mfaAttempts.userId, client.userId)),
      })
      .from(mfaAttempts)
      .where(and(or(eq(mfaAttempts.userId, client.userId), eq(mfaAttempts.ip, client.ip)), isNull(mfaAttempts.trustedBy), failed));
    over =
      (row?.pair ?? 0) > PAIR_FAILURE_LIMIT ||
      (row?.address ?? 0) > ADDRESS_FAILURE_LIMIT ||
      (row?.account ?? 0) > CODE_ACCOUNT_FAILURE_LIMIT;
  }
  if (over) {
    await db.delete(mfaAttempts).where(eq(mfaAttempts.id, attempt.id));
    throw tooMany(TWO_FACTOR_MESSAGES.tooManyAttempts);
  }
  const ok = await check();
  if (ok) await db.update(mfaAttempts).set({ succeeded: true }).where(eq(mfaAttempts.id, attempt.id));
  return ok;
}
