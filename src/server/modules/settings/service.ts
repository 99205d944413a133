import { eq } from 'drizzle-orm';
import type { SundayAutoLockSetting } from '../../../shared/api/notes';
import { PASSWORD_SIGN_IN_MESSAGES, type PasswordSignInSetting } from '../../../shared/api/auth';
import type { DigestTimeSetting } from '../../../shared/api/email-preferences';
import type { AssignWithoutAskingSetting } from '../../../shared/api/people';
import { lockRuleSentence, type LockRule } from '../../../shared/domain/sunday-lock';
import type { SessionUser } from '../../platform/auth/sessions';
import type { AppContext } from '../../platform/context';
import { users } from '../../platform/db/schema';
import { getSettingRecord, setSetting, type SettingKey } from '../../platform/settings';
import { passwordSignInAllowed } from '../../platform/auth/oidc';
import { conflict } from '../../platform/errors';

/** A setting's record and the name of the admin who changed it last. */
async function changedBy<K extends SettingKey>(ctx: AppContext, key: K) {
  const record = await getSettingRecord(ctx.db, key);
  const [by] = record.updatedById
    ? await ctx.db.select({ fullName: users.fullName }).from(users).where(eq(users.id, record.updatedById))
    : [];
  return { record, by };
}

const changed = (record: { updatedAt: Date | null }, by: { fullName: string } | undefined) => ({
  updatedAt: record.updatedAt?.toISOString() ?? null,
  updatedByName: by?.fullName ?? null,
});

export async function readSundayAutoLock(ctx: AppContext): Promise<SundayAutoLockSetting> {
  const { record, by } = await changedBy(ctx, 'sundayAutoLock');
  return { ...record.value, sentence: lockRuleSentence(record.value), timeZone: ctx.config.churchTimeZone, ...changed(record, by) };
}

/** The lock rule: on or off, and (when given) its weekday and time; what is not given stays. */
export async function saveSundayAutoLock(
  ctx: AppContext,
  actor: SessionUser,
  change: Pick<LockRule, 'enabled'> & Partial<LockRule>,
): Promise<SundayAutoLockSetting> {
  const current = await getSettingRecord(ctx.db, 'sundayAutoLock');
  const { enabled, weekday = current.value.weekday, time = current.value.time } = change;
  await setSetting(ctx.db, 'sundayAutoLock', { enabled, weekday, time }, actor.id);
  return readSundayAutoLock(ctx);
}

export async function readPasswordSignIn(ctx: AppContext): Promise<PasswordSignInSetting> {
  const { record, by } = await changedBy(ctx, 'passwordSignIn');
  return { enabled: await passwordSignInAllowed(ctx.db, ctx.config), ssoLabel: ctx.config.oidc?.label ?? null, ...changed(record, by) };
}

export async function savePasswordSignIn(ctx: AppContext, actor: SessionUser, enabled: boolean): Promise<PasswordSignInSetting> {
  // Without single sign-on, turning the password form off would leave nobody a way in.
  if (!enabled && !ctx.config.oidc) throw conflict(PASSWORD_SIGN_IN_MESSAGES.needsSso);
  await setSetting(ctx.db, 'passwordSignIn', enabled, actor.id);
  return readPasswordSignIn(ctx);
}

export async function readDigestTime(ctx: AppContext): Promise<DigestTimeSetting> {
  const { record, by } = await changedBy(ctx, 'digestTime');
  return { time: record.value, timeZone: ctx.config.churchTimeZone, ...changed(record, by) };
}

export async function saveDigestTime(ctx: AppContext, actor: SessionUser, time: string): Promise<DigestTimeSetting> {
  await setSetting(ctx.db, 'digestTime', time, actor.id);
  return readDigestTime(ctx);
}

export async function readAssignWithoutAsking(ctx: AppContext): Promise<AssignWithoutAskingSetting> {
  const { record, by } = await changedBy(ctx, 'assignWithoutAsking');
  return { enabled: record.value, ...changed(record, by) };
}

export async function saveAssignWithoutAsking(ctx: AppContext, actor: SessionUser, enabled: boolean): Promise<AssignWithoutAskingSetting> {
  await setSetting(ctx.db, 'assignWithoutAsking', enabled, actor.id);
  return readAssignWithoutAsking(ctx);
}
