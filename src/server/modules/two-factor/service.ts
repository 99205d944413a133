import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
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
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret, totpUri } from '../../platform/auth/totp';
import { inTransaction, type AppContext } from '../../platform/context';
import type { Executor, Tx } from '../../platform/db/client';
import { activityLog, mfaFactors, mfaRecoveryCodes, sessions, users } from '../../platform/db/schema';
import type { AppEvent } from '../../platform/events/bus';
import { AppError, conflict, notFound } from '../../platform/errors';
import { getSetting, getSettingRecord, setSetting } from '../../platform/settings';
import { limitedCodeCheck } from '../../commands/sign-in-limits';
import { codeClient, proveWithCode, useCode, useRecoveryCode, verifiedFactor, type Requester } from '../../commands/reauthenticate';

export { CODE_ACCOUNT_FAILURE_LIMIT } from '../../commands/sign-in-limits';

/**
 * The second factor (decision 0037): enrollment with a TOTP app, the sign-in's second
 * step that raises the session from aal1 to aal2, recovery codes, disabling, the admin's reset and
 * the setting that requires a factor of admins and coordinators.
 *
 * Wrong codes are limited like passwords (decisions 0008 and 0051, `commands/sign-in-limits.ts`):
 * a browser holding the person's device cookie, or a session past the sign-in's code step, by its
 * own failures only; an unknown browser by the person from one address, the address, and the
 * person from everywhere (a low ceiling: whoever guesses codes already has the password).
 */

/** The 'sessions' event: every instance drops the cached sessions of these people (decision 0028). */
const sessionsChangedOf = (userIds: string[]): AppEvent => ({ topic: 'sessions', audience: { userIds } });
const usersChanged = (): AppEvent => ({ topic: 'users', audience: { minRole: 'admin' } });

const wrong = (message: string) => new AppError(400, 'wrong_code', message);

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
export async function confirmEnrollment(ctx: AppContext, who: Requester, code: string): Promise<string[]> {
  const { user, sessionId } = who;
  const [factor] = await ctx.db
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.userId, user.id), eq(mfaFactors.status, 'unverified')))
    .orderBy(desc(mfaFactors.createdAt))
    .limit(1);
  if (!factor) throw conflict((await verifiedFactor(ctx.db, user.id)) ? M.alreadyEnrolled : M.noEnrollment);
  const ok = await limitedCodeCheck(ctx.db, await codeClient(ctx.db, who), () => useCode(ctx.db, factor, code));
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
export async function verifySecondStep(ctx: AppContext, who: Requester, input: VerifyInput) {
  const { user, sessionId } = who;
  const factor = await verifiedFactor(ctx.db, user.id);
  if (!factor) throw conflict(M.notEnrolled);
  const byRecovery = 'recoveryCode' in input;
  const ok = await limitedCodeCheck(ctx.db, await codeClient(ctx.db, who), () =>
    byRecovery ? useRecoveryCode(ctx.db, user.id, input.recoveryCode) : useCode(ctx.db, factor, input.code),
  );
  if (!ok) throw wrong(byRecovery ? M.wrongRecoveryCode : M.wrongCode);
  await inTransaction(ctx, async (tx, events) => {
    await tx.update(sessions).set({ aal: 'aal2' }).where(eq(sessions.id, sessionId));
    events.push(sessionsChangedOf([user.id]));
  });
}

/** Turns the second factor off with a fresh code (decision 0051); its recovery codes go with it. */
export async function disableSecondFactor(ctx: AppContext, who: Requester, code: string): Promise<void> {
  const { user } = who;
  await proveWithCode(ctx.db, who, code);
  await inTransaction(ctx, async (tx, events) => {
    await tx.delete(mfaFactors).where(eq(mfaFactors.userId, user.id));
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id));
    events.push(sessionsChangedOf([user.id]), usersChanged());
  });
}

/**
 * New recovery codes in place of the old ones (all of them, used or not), after a fresh code from
 * the app (decision 0051): a stolen session alone cannot mint a way past the second step.
 */
export async function regenerateRecoveryCodes(ctx: AppContext, who: Requester, code: string): Promise<string[]> {
  await proveWithCode(ctx.db, who, code);
  return inTransaction(ctx, (tx) => replaceRecoveryCodes(tx, who.user.id));
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
