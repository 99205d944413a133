import { and, count, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import {
  TWO_FACTOR_MESSAGES as M,
  type Enrollment,
  type SecondFactorRequirement,
  type TwoFactorStatus,
  type VerifyInput,
} from '../../../shared/api/two-factor';
import { SECOND_FACTOR_REQUIRED_ROLES } from '../../../shared/domain/second-factor';
import { endAllSessionsOf, type SessionUser } from '../../platform/auth/sessions';
import {
  hashRecoveryCode,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  normaliseRecoveryCode,
  stepIsFresh,
  totpUri,
} from '../../platform/auth/totp';
import { inTransaction, type AppContext } from '../../platform/context';
import type { Executor, Tx } from '../../platform/db/client';
import { activityLog, mfaAttempts, mfaFactors, mfaRecoveryCodes, sessions, users } from '../../platform/db/schema';
import type { AppEvent } from '../../platform/events/bus';
import { AppError, conflict, notFound, tooMany } from '../../platform/errors';
import { getSetting, getSettingRecord, setSetting } from '../../platform/settings';
import { ADDRESS_FAILURE_LIMIT, PAIR_FAILURE_LIMIT } from '../auth/service';

/**
 * The second factor (issue 13, decision 0037): enrollment with a TOTP app, the sign-in's second
 * step that raises the session from aal1 to aal2, recovery codes, disabling, the admin's reset and
 * the setting that requires a factor of admins and coordinators.
 *
 * Wrong codes are limited like passwords (decision 0008): an attempt is written before the code is
 * checked, so parallel guesses count against each other, and one refused by the limit is removed.
 * Over 15 minutes: 5 failures for one person from one address, 20 from one address, and 10 for one
 * person from everywhere: whoever is guessing already has the password, so the per-person ceiling
 * is much lower than the sign-in's.
 */
export const CODE_ACCOUNT_FAILURE_LIMIT = 10;
const WINDOW_MINUTES = 15;

/** The 'sessions' event: every instance drops the cached sessions of these people (decision 0028). */
const sessionsChangedOf = (userIds: string[]): AppEvent => ({ topic: 'sessions', audience: { userIds } });
const usersChanged = (): AppEvent => ({ topic: 'users', audience: { minRole: 'admin' } });

const wrong = (message: string) => new AppError(400, 'wrong_code', message);

async function verifiedFactor(db: Executor, userId: string) {
  const [row] = await db
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.status, 'verified')))
    .limit(1);
  return row ?? null;
}

async function recentCodeFailures(db: Executor, userId: string, ip: string) {
  const [row] = await db
    .select({
      pair: sql<number>`count(*) filter (where ${mfaAttempts.userId} = ${userId} and ${mfaAttempts.ip} = ${ip})::int`,
      address: sql<number>`count(*) filter (where ${mfaAttempts.ip} = ${ip})::int`,
      account: sql<number>`count(*) filter (where ${mfaAttempts.userId} = ${userId})::int`,
    })
    .from(mfaAttempts)
    .where(
      and(
        or(eq(mfaAttempts.userId, userId), eq(mfaAttempts.ip, ip)),
        eq(mfaAttempts.succeeded, false),
        gt(mfaAttempts.createdAt, sql`now() - make_interval(mins => ${WINDOW_MINUTES})`),
      ),
    );
  return { pair: row?.pair ?? 0, address: row?.address ?? 0, account: row?.account ?? 0 };
}

/**
 * Runs one code check under the limits. `check` answers whether the code was right (and has used
 * it up); a right code marks the attempt succeeded, so it never counts as a failure.
 */
async function limitedCheck(ctx: AppContext, userId: string, ip: string, check: () => Promise<boolean>): Promise<boolean> {
  const [attempt] = await ctx.db.insert(mfaAttempts).values({ userId, ip, succeeded: false }).returning({ id: mfaAttempts.id });
  const failures = await recentCodeFailures(ctx.db, userId, ip);
  if (failures.pair > PAIR_FAILURE_LIMIT || failures.address > ADDRESS_FAILURE_LIMIT || failures.account > CODE_ACCOUNT_FAILURE_LIMIT) {
    await ctx.db.delete(mfaAttempts).where(eq(mfaAttempts.id, attempt.id));
    throw tooMany(M.tooManyAttempts);
  }
  const ok = await check();
  if (ok) await ctx.db.update(mfaAttempts).set({ succeeded: true }).where(eq(mfaAttempts.id, attempt.id));
  return ok;
}

/**
 * Uses a code of a factor: right within ±1 step and newer than the last step used. The step is
 * moved in one conditional update, so the same code sent twice at once is accepted once.
 */
async function useCode(db: Executor, factor: { id: string; secret: string; lastUsedStep: number | null }, code: string): Promise<boolean> {
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
async function useRecoveryCode(db: Executor, userId: string, code: string): Promise<boolean> {
  if (!normaliseRecoveryCode(code)) return false;
  const used = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(mfaRecoveryCodes.userId, userId), eq(mfaRecoveryCodes.codeHash, hashRecoveryCode(code)), isNull(mfaRecoveryCodes.usedAt)))
    .returning({ id: mfaRecoveryCodes.id });
  return used.length === 1;
}

async function requiredFor(db: Executor, role: string): Promise<boolean> {
  return (SECOND_FACTOR_REQUIRED_ROLES as readonly string[]).includes(role) && (await getSetting(db, 'requireSecondFactor'));
}

export async function twoFactorStatus(ctx: AppContext, user: SessionUser): Promise<TwoFactorStatus> {
  const factor = await verifiedFactor(ctx.db, user.id);
  const [left] = factor
    ? await ctx.db
        .select({ n: count() })
        .from(mfaRecoveryCodes)
        .where(and(eq(mfaRecoveryCodes.userId, user.id), isNull(mfaRecoveryCodes.usedAt)))
    : [{ n: 0 }];
  return {
    enabled: !!factor,
    enabledAt: factor?.verifiedAt?.toISOString() ?? null,
    recoveryCodesLeft: left?.n ?? 0,
    required: await requiredFor(ctx.db, user.role),
  };
}

/** Starts enrollment: a new secret, kept unverified until a first code confirms it. */
export async function startEnrollment(ctx: AppContext, user: SessionUser): Promise<Enrollment> {
  if (await verifiedFactor(ctx.db, user.id)) throw conflict(M.alreadyEnrolled);
  const secret = newTotpSecret();
  await inTransaction(ctx, async (tx) => {
    // An earlier setup left unfinished is replaced: only the secret just shown can be confirmed.
    await tx.delete(mfaFactors).where(and(eq(mfaFactors.userId, user.id), eq(mfaFactors.status, 'unverified')));
    await tx.insert(mfaFactors).values({ userId: user.id, factorType: 'totp', status: 'unverified', secret });
  });
  const otpauthUri = totpUri(secret, user.email);
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { secret, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

async function replaceRecoveryCodes(tx: Tx, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await tx.insert(mfaRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })));
  return codes;
}

/**
 * Confirms enrollment with a first code: the factor is verified, ten recovery codes are made (shown
 * this once), and this session, which just proved the factor, is at aal2. The person's other
 * sessions now owe a code.
 */
export async function confirmEnrollment(
  ctx: AppContext,
  user: SessionUser,
  sessionId: string,
  ip: string,
  code: string,
): Promise<string[]> {
  const [factor] = await ctx.db
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.userId, user.id), eq(mfaFactors.status, 'unverified')))
    .orderBy(desc(mfaFactors.createdAt))
    .limit(1);
  if (!factor) throw conflict((await verifiedFactor(ctx.db, user.id)) ? M.alreadyEnrolled : M.noEnrollment);
  const ok = await limitedCheck(ctx, user.id, ip, () => useCode(ctx.db, factor, code));
  if (!ok) throw wrong(M.wrongCode);
  return inTransaction(ctx, async (tx, events) => {
    const [done] = await tx
      .update(mfaFactors)
      .set({ status: 'verified', verifiedAt: new Date() })
      .where(and(eq(mfaFactors.id, factor.id), eq(mfaFactors.status, 'unverified')))
      .returning({ id: mfaFactors.id });
    if (!done) throw conflict(M.alreadyEnrolled);
    const codes = await replaceRecoveryCodes(tx, user.id);
    await tx.update(sessions).set({ aal: 'aal2' }).where(eq(sessions.id, sessionId));
    events.push(sessionsChangedOf([user.id]), usersChanged());
    return codes;
  });
}

/** The sign-in's second step: a code or a recovery code raises this session to aal2. */
export async function verifySecondStep(ctx: AppContext, user: SessionUser, sessionId: string, ip: string, input: VerifyInput) {
  const factor = await verifiedFactor(ctx.db, user.id);
  if (!factor) throw conflict(M.notEnrolled);
  const byRecovery = 'recoveryCode' in input;
  const ok = await limitedCheck(ctx, user.id, ip, () =>
    byRecovery ? useRecoveryCode(ctx.db, user.id, input.recoveryCode) : useCode(ctx.db, factor, input.code),
  );
  if (!ok) throw wrong(byRecovery ? M.wrongRecoveryCode : M.wrongCode);
  await inTransaction(ctx, async (tx, events) => {
    await tx.update(sessions).set({ aal: 'aal2' }).where(eq(sessions.id, sessionId));
    events.push(sessionsChangedOf([user.id]));
  });
}

/** Turns the second factor off with a current code; its recovery codes go with it. */
export async function disableSecondFactor(ctx: AppContext, user: SessionUser, ip: string, code: string): Promise<void> {
  const factor = await verifiedFactor(ctx.db, user.id);
  if (!factor) throw conflict(M.notEnrolled);
  const ok = await limitedCheck(ctx, user.id, ip, () => useCode(ctx.db, factor, code));
  if (!ok) throw wrong(M.wrongCode);
  await inTransaction(ctx, async (tx, events) => {
    await tx.delete(mfaFactors).where(eq(mfaFactors.userId, user.id));
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id));
    events.push(sessionsChangedOf([user.id]), usersChanged());
  });
}

/**
 * An admin resets a person's second factor (a lost phone): factor and recovery codes are deleted,
 * their sessions end (a session waiting for a code would otherwise be let in without one), and the
 * reset is written to the activity log with who did it.
 */
export async function resetSecondFactor(ctx: AppContext, actor: SessionUser, targetId: string): Promise<void> {
  await inTransaction(ctx, async (tx, events) => {
    const [target] = await tx
      .select({ id: users.id, fullName: users.fullName })
      .from(users)
      .where(and(eq(users.id, targetId), eq(users.isExternal, false)))
      .for('update');
    if (!target) throw notFound(M.userNotFound);
    await tx.delete(mfaFactors).where(eq(mfaFactors.userId, target.id));
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, target.id));
    // Their own reset keeps the admin's current session (as a password reset does).
    if (target.id !== actor.id) await endAllSessionsOf(tx, target.id);
    await tx.insert(activityLog).values({
      requestId: null,
      userId: actor.id,
      actionType: 'second_factor_reset',
      oldValue: target.id,
      notes: `Reset the two-step verification of ${target.fullName}`,
    });
    events.push(sessionsChangedOf([target.id]), usersChanged());
  });
}

export async function readRequirement(ctx: AppContext): Promise<SecondFactorRequirement> {
  const record = await getSettingRecord(ctx.db, 'requireSecondFactor');
  const [by] = record.updatedById
    ? await ctx.db.select({ fullName: users.fullName }).from(users).where(eq(users.id, record.updatedById))
    : [];
  return { enabled: record.value, updatedAt: record.updatedAt?.toISOString() ?? null, updatedByName: by?.fullName ?? null };
}

/**
 * Turns the requirement on or off. Sessions carry whether it applies to them, so the cached
 * sessions of every admin and coordinator are dropped (decision 0028) and the next request of each
 * sees the change.
 */
export async function setRequirement(ctx: AppContext, actor: SessionUser, enabled: boolean): Promise<void> {
  await inTransaction(ctx, async (tx, events) => {
    await setSetting(tx, 'requireSecondFactor', enabled, actor.id);
    const affected = await tx
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.role, [...SECOND_FACTOR_REQUIRED_ROLES]));
    if (affected.length) events.push(sessionsChangedOf(affected.map((u) => u.id)));
  });
}
