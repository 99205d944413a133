import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { AUTH_MESSAGES } from '../../shared/api/auth';
import { TWO_FACTOR_MESSAGES } from '../../shared/api/two-factor';
import type { SecondStep } from '../../shared/domain/second-factor';
import type { FastifyRequest } from 'fastify';
import { DEVICE_COOKIE, deviceSecret, knownDevice } from '../platform/auth/device-cookies';
import { verifyPassword } from '../platform/auth/passwords';
import { hashRecoveryCode, matchTotp, normaliseRecoveryCode, stepIsFresh } from '../platform/auth/totp';
import type { Executor } from '../platform/db/client';
import { mfaFactors, mfaRecoveryCodes, sessions, users } from '../platform/db/schema';
import { AppError } from '../platform/errors';
import { limitedCodeCheck, passwordAttemptSucceeded, takePasswordAttempt, type CodeClient } from './sign-in-limits';

/** How long a session opened by single sign-on counts as proof of the person (decision 0051). */
export const FRESH_SSO_MINUTES = 10;

export async function verifiedFactor(db: Executor, userId: string) {
  const [row] = await db
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.status, 'verified')))
    .limit(1);
  return row ?? null;
}

/**
 * Uses a code of a factor: right within ±1 step and newer than the last step used. The step is
 * moved in one conditional update, so the same code sent twice at once is accepted once.
 */
export async function useCode(
  db: Executor,
  factor: { id: string; secret: string; lastUsedStep: number | null },
  code: string,
): Promise<boolean> {
  const step = matchTotp(factor.secret, code);
  if (step === null || !stepIsFresh(step, factor.lastUsedStep)) return false;
  const moved = await db
    .update(mfaFactors)
    .set({ lastUsedStep: step })
    .where(and(eq(mfaFactors.id, factor.id), or(isNull(mfaFactors.lastUsedStep), sql`${mfaFactors.lastUsedStep} < ${step}`)))
    .returning({ id: mfaFactors.id });
  return moved.length === 1;
}

/** Uses one recovery code: it is marked used in the same statement that finds it, so it works once. */
export async function useRecoveryCode(db: Executor, userId: string, code: string): Promise<boolean> {
  if (!normaliseRecoveryCode(code)) return false;
  const used = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(mfaRecoveryCodes.userId, userId), eq(mfaRecoveryCodes.codeHash, hashRecoveryCode(code)), isNull(mfaRecoveryCodes.usedAt)))
    .returning({ id: mfaRecoveryCodes.id });
  return used.length === 1;
}

/** The request as the proofs see it: who, from where, which session, and the browser's device cookie. */
export interface Requester {
  user: { id: string; email: string };
  ip: string;
  sessionId: string;
  /** The second step the session still owes; null once fully signed in. */
  secondStep: SecondStep | null;
  deviceCookie: string | undefined;
}

/**
 * What a code check is counted against (decision 0051): the browser's device cookie for this
 * person, else the session when it is past the sign-in's code step, else nothing (the limits of an
 * unknown browser).
 */
export async function codeClient(db: Executor, who: Requester): Promise<CodeClient> {
  const device = knownDevice(await deviceSecret(db), who.deviceCookie, who.user.id);
  const trustedBy = device ? `device:${device}` : who.secondStep !== 'verify' ? `session:${who.sessionId}` : null;
  return { userId: who.user.id, ip: who.ip, sessionId: who.sessionId, trustedBy };
}

/**
 * Checks a code from the app under the limits and uses it up: a wrong one is a 400 with the
 * wrong-code message, one over the limits a 429.
 */
export async function proveWithCode(db: Executor, who: Requester, code: string): Promise<void> {
  const factor = await verifiedFactor(db, who.user.id);
  if (!factor) throw new AppError(409, 'conflict', TWO_FACTOR_MESSAGES.notEnrolled);
  const ok = await limitedCodeCheck(db, await codeClient(db, who), () => useCode(db, factor, code));
  if (!ok) throw new AppError(400, 'wrong_code', TWO_FACTOR_MESSAGES.wrongCode);
}

/**
 * Proof that the person at the keyboard is the account's owner, asked before what a stolen session
 * must not be able to do alone (a new password): a fresh code from the app, or the current password
 * (under the sign-in limits, so a stolen session cannot guess it faster than the form), or, for
 * someone who signs in with single sign-on and has no password they know, a session the provider
 * opened in the last minutes.
 */
export async function reauthenticate(db: Executor, who: Requester, proof: { currentPassword?: string; code?: string }): Promise<void> {
  if (proof.code) return proveWithCode(db, who, proof.code);
  if (proof.currentPassword) {
    const email = who.user.email.toLowerCase();
    const device = knownDevice(await deviceSecret(db), who.deviceCookie, who.user.id);
    const attemptId = await takePasswordAttempt(db, email, { ip: who.ip, device });
    const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, who.user.id));
    if (!(await verifyPassword(row?.passwordHash ?? null, proof.currentPassword))) {
      throw new AppError(400, 'wrong_password', AUTH_MESSAGES.wrongCurrentPassword, {
        currentPassword: AUTH_MESSAGES.wrongCurrentPassword,
      });
    }
    await passwordAttemptSucceeded(db, attemptId);
    return;
  }
  const [session] = await db
    .select({ bySso: sessions.bySso, fresh: sql<boolean>`${sessions.createdAt} > now() - make_interval(mins => ${FRESH_SSO_MINUTES})` })
    .from(sessions)
    .where(eq(sessions.id, who.sessionId));
  if (session?.bySso && session.fresh) return;
  const message = session?.bySso ? AUTH_MESSAGES.ssoSignInAgain : AUTH_MESSAGES.currentPasswordRequired;
  throw new AppError(400, 'reauthentication_required', message, { currentPassword: message });
}

/** The requester of a signed-in route (the policy has made sure there is a session). */
export function requesterOf(request: FastifyRequest): Requester {
  return {
    user: request.user!,
    ip: request.ip,
    sessionId: request.sessionInfo!.id,
    secondStep: request.sessionInfo!.secondStep,
    deviceCookie: request.cookies[DEVICE_COOKIE],
  };
}
