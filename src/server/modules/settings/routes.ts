import { sundayAutoLockBody, sundayAutoLockSchema } from '../../../shared/api/notes';
import { passwordSignInSettingBody, passwordSignInSettingSchema } from '../../../shared/api/auth';
import { digestTimeBody, digestTimeSchema } from '../../../shared/api/email-preferences';
import { assignWithoutAskingBody, assignWithoutAskingSchema } from '../../../shared/api/people';
import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';
import {
  readAssignWithoutAsking,
  readDigestTime,
  readPasswordSignIn,
  readSundayAutoLock,
  saveAssignWithoutAsking,
  saveDigestTime,
  savePasswordSignIn,
  saveSundayAutoLock,
} from './service';

const admin = { minRole: 'admin' } as const;

/**
 * Church-wide settings on Admin settings (admin only, guide/roles-and-access.md#the-route-table /admin/settings): the
 * Sunday auto-lock, whether password sign-in is allowed (decision 0036) and the daily e-mail
 * digest's time.
 */
export async function settingsRoutes(app: ZApp, ctx: AppContext) {
  app.get('/api/admin/settings/sunday-auto-lock', { config: { policy: admin }, schema: { response: { 200: sundayAutoLockSchema } } }, () =>
    readSundayAutoLock(ctx),
  );
  app.put(
    '/api/admin/settings/sunday-auto-lock',
    { config: { policy: admin }, schema: { body: sundayAutoLockBody, response: { 200: sundayAutoLockSchema } } },
    (request) => saveSundayAutoLock(ctx, request.user!, request.body),
  );

  app.get(
    '/api/admin/settings/password-sign-in',
    { config: { policy: admin }, schema: { response: { 200: passwordSignInSettingSchema } } },
    () => readPasswordSignIn(ctx),
  );
  app.put(
    '/api/admin/settings/password-sign-in',
    { config: { policy: admin }, schema: { body: passwordSignInSettingBody, response: { 200: passwordSignInSettingSchema } } },
    (request) => savePasswordSignIn(ctx, request.user!, request.body.enabled),
  );

  app.get('/api/admin/settings/digest-time', { config: { policy: admin }, schema: { response: { 200: digestTimeSchema } } }, () =>
    readDigestTime(ctx),
  );
  app.put(
    '/api/admin/settings/digest-time',
    { config: { policy: admin }, schema: { body: digestTimeBody, response: { 200: digestTimeSchema } } },
    (request) => saveDigestTime(ctx, request.user!, request.body.time),
  );

  // New assignments accepted at once instead of asked (guide/sunday-planning.md#answering-an-assignment).
  app.get(
    '/api/admin/settings/assign-without-asking',
    { config: { policy: admin }, schema: { response: { 200: assignWithoutAskingSchema } } },
    () => readAssignWithoutAsking(ctx),
  );
  app.put(
    '/api/admin/settings/assign-without-asking',
    { config: { policy: admin }, schema: { body: assignWithoutAskingBody, response: { 200: assignWithoutAskingSchema } } },
    (request) => saveAssignWithoutAsking(ctx, request.user!, request.body.enabled),
  );
}
