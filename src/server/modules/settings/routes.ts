import { eq } from 'drizzle-orm';
import { sundayAutoLockBody, sundayAutoLockSchema, type SundayAutoLockSetting } from '../../../shared/api/notes';
import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';
import { users } from '../../platform/db/schema';
import { getSettingRecord, setSetting, type SettingKey } from '../../platform/settings';
import {
  PASSWORD_SIGN_IN_MESSAGES,
  passwordSignInSettingBody,
  passwordSignInSettingSchema,
  type PasswordSignInSetting,
} from '../../../shared/api/auth';
import { lockRuleSentence } from '../../../shared/domain/sunday-lock';
import { passwordSignInAllowed } from '../../platform/auth/oidc';
import { conflict } from '../../platform/errors';
import { digestTimeBody, digestTimeSchema, type DigestTimeSetting } from '../../../shared/api/email-preferences';

/**
 * Church-wide settings on Admin settings (admin only, spec 000 section 2 /admin/settings): the
 * Sunday auto-lock, whether password sign-in is allowed (decision 0036) and the daily e-mail
 * digest's time (issue 12).
 */
export async function settingsRoutes(app: ZApp, ctx: AppContext) {
  const changedBy = async <K extends SettingKey>(key: K) => {
    const record = await getSettingRecord(ctx.db, key);
    const [by] = record.updatedById
      ? await ctx.db.select({ fullName: users.fullName }).from(users).where(eq(users.id, record.updatedById))
      : [];
    return { record, by };
  };

  const read = async (): Promise<SundayAutoLockSetting> => {
    const { record, by } = await changedBy('sundayAutoLock');
    return {
      ...record.value,
      sentence: lockRuleSentence(record.value),
      timeZone: ctx.config.churchTimeZone,
      updatedAt: record.updatedAt?.toISOString() ?? null,
      updatedByName: by?.fullName ?? null,
    };
  };

  app.get(
    '/api/admin/settings/sunday-auto-lock',
    { config: { policy: { minRole: 'admin' } }, schema: { response: { 200: sundayAutoLockSchema } } },
    read,
  );

  app.put(
    '/api/admin/settings/sunday-auto-lock',
    { config: { policy: { minRole: 'admin' } }, schema: { body: sundayAutoLockBody, response: { 200: sundayAutoLockSchema } } },
    async (request) => {
      const current = await getSettingRecord(ctx.db, 'sundayAutoLock');
      const { enabled, weekday = current.value.weekday, time = current.value.time } = request.body;
      await setSetting(ctx.db, 'sundayAutoLock', { enabled, weekday, time }, request.user!.id);
      return read();
    },
  );

  const readPasswordSignIn = async (): Promise<PasswordSignInSetting> => {
    const { record, by } = await changedBy('passwordSignIn');
    return {
      enabled: await passwordSignInAllowed(ctx.db, ctx.config),
      ssoLabel: ctx.config.oidc?.label ?? null,
      updatedAt: record.updatedAt?.toISOString() ?? null,
      updatedByName: by?.fullName ?? null,
    };
  };

  app.get(
    '/api/admin/settings/password-sign-in',
    { config: { policy: { minRole: 'admin' } }, schema: { response: { 200: passwordSignInSettingSchema } } },
    readPasswordSignIn,
  );

  app.put(
    '/api/admin/settings/password-sign-in',
    {
      config: { policy: { minRole: 'admin' } },
      schema: { body: passwordSignInSettingBody, response: { 200: passwordSignInSettingSchema } },
    },
    async (request) => {
      // Without single sign-on, turning the password form off would leave nobody a way in.
      if (!request.body.enabled && !ctx.config.oidc) throw conflict(PASSWORD_SIGN_IN_MESSAGES.needsSso);
      await setSetting(ctx.db, 'passwordSignIn', request.body.enabled, request.user!.id);
      return readPasswordSignIn();
    },
  );

  const readDigestTime = async (): Promise<DigestTimeSetting> => {
    const { record, by } = await changedBy('digestTime');
    return {
      time: record.value,
      timeZone: ctx.config.churchTimeZone,
      updatedAt: record.updatedAt?.toISOString() ?? null,
      updatedByName: by?.fullName ?? null,
    };
  };

  app.get(
    '/api/admin/settings/digest-time',
    { config: { policy: { minRole: 'admin' } }, schema: { response: { 200: digestTimeSchema } } },
    readDigestTime,
  );

  app.put(
    '/api/admin/settings/digest-time',
    { config: { policy: { minRole: 'admin' } }, schema: { body: digestTimeBody, response: { 200: digestTimeSchema } } },
    async (request) => {
      await setSetting(ctx.db, 'digestTime', request.body.time, request.user!.id);
      return readDigestTime();
    },
  );
}
