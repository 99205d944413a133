import { eq } from 'drizzle-orm';
import { sundayAutoLockBody, sundayAutoLockSchema, type SundayAutoLockSetting } from '../../../shared/api/notes';
import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';
import { users } from '../../platform/db/schema';
import { getSettingRecord, setSetting } from '../../platform/settings';

/** Church-wide settings on Admin settings (admin only, spec 000 section 2 /admin/settings): the Sunday auto-lock. */
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
}
