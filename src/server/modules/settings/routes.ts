import { eq } from 'drizzle-orm';
import { sundayAutoLockBody, sundayAutoLockSchema, type SundayAutoLockSetting } from '../../../shared/api/notes';
import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';
import { users } from '../../platform/db/schema';
import { getSettingRecord, setSetting } from '../../platform/settings';
import { digestTimeBody, digestTimeSchema, type DigestTimeSetting } from '../../../shared/api/email-preferences';

/**
 * Church-wide settings on Admin settings (admin only, spec 000 section 2 /admin/settings): the
 * Sunday auto-lock and the daily e-mail digest's time (issue 12).
 */
export async function settingsRoutes(app: ZApp, ctx: AppContext) {
  const read = async (): Promise<SundayAutoLockSetting> => {
    const record = await getSettingRecord(ctx.db, 'sundayAutoLock');
    const [by] = record.updatedById
      ? await ctx.db.select({ fullName: users.fullName }).from(users).where(eq(users.id, record.updatedById))
      : [];
    return {
      enabled: record.value,
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
      await setSetting(ctx.db, 'sundayAutoLock', request.body.enabled, request.user!.id);
      return read();
    },
  );

  const nameOf = async (id: string | null) =>
    id ? ((await ctx.db.select({ fullName: users.fullName }).from(users).where(eq(users.id, id)))[0]?.fullName ?? null) : null;

  const readDigestTime = async (): Promise<DigestTimeSetting> => {
    const record = await getSettingRecord(ctx.db, 'digestTime');
    return {
      time: record.value,
      timeZone: ctx.config.churchTimeZone,
      updatedAt: record.updatedAt?.toISOString() ?? null,
      updatedByName: await nameOf(record.updatedById),
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
