import { z } from 'zod';
import { adminUserIdParams, okResponse } from '../../../shared/api/admin-users';
import { sessionResponse } from '../../../shared/api/auth';
import {
  codeBody,
  enrollmentResponse,
  recoveryCodesResponse,
  secondFactorRequirement,
  secondFactorRequirementBody,
  twoFactorStatus,
  verifyBody,
} from '../../../shared/api/two-factor';
import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';
import { presentCurrentUser } from '../../platform/auth/current-user';
import { requesterOf } from '../../commands/reauthenticate';
import { DEVICE_COOKIE, rememberDevice } from '../../platform/auth/device-cookies';
import {
  confirmEnrollment,
  disableSecondFactor,
  readRequirement,
  regenerateRecoveryCodes,
  resetSecondFactor,
  setRequirement,
  startEnrollment,
  twoFactorStatus as readStatus,
  verifySecondStep,
} from './service';

/** Enrollment is what a person confined by the requirement may do (decision 0037). */
const OWN_ENROLLMENT = { policy: { minRole: 'viewer' as const, allowEnrollmentRequired: true } };
const ADMIN = { policy: { minRole: 'admin' as const } };

/** The second factor: the person's own enrollment, the sign-in's second step, the admin's reset and setting. */
export async function twoFactorRoutes(app: ZApp, ctx: AppContext) {
  app.get('/api/account/two-factor', { config: OWN_ENROLLMENT, schema: { response: { 200: twoFactorStatus } } }, async (request) =>
    readStatus(ctx, request.user!),
  );

  app.post(
    '/api/account/two-factor/enroll',
    { config: OWN_ENROLLMENT, schema: { body: z.object({}).nullish(), response: { 200: enrollmentResponse } } },
    async (request) => startEnrollment(ctx, request.user!),
  );

  app.post(
    '/api/account/two-factor/confirm',
    { config: OWN_ENROLLMENT, schema: { body: codeBody, response: { 200: recoveryCodesResponse } } },
    async (request) => ({
      recoveryCodes: await confirmEnrollment(ctx, requesterOf(request), request.body.code),
    }),
  );

  // New recovery codes need a fresh code from the app, not only the session (decision 0051).
  app.post(
    '/api/account/two-factor/recovery-codes',
    { config: { policy: { minRole: 'viewer' } }, schema: { body: codeBody, response: { 200: recoveryCodesResponse } } },
    async (request) => ({ recoveryCodes: await regenerateRecoveryCodes(ctx, requesterOf(request), request.body.code) }),
  );

  app.post(
    '/api/account/two-factor/disable',
    { config: { policy: { minRole: 'viewer' } }, schema: { body: codeBody, response: { 200: okResponse } } },
    async (request) => {
      await disableSecondFactor(ctx, requesterOf(request), request.body.code);
      return { ok: true as const };
    },
  );

  // The sign-in's second step: the one thing a session that owes a code may do (with the session
  // read and sign-out). A password change the person also owes comes after it.
  app.post(
    '/api/auth/second-factor',
    {
      config: { policy: { minRole: 'viewer', allowSecondFactorPending: true, allowPasswordReset: true } },
      schema: { body: verifyBody, response: { 200: sessionResponse } },
    },
    async (request, reply) => {
      await verifySecondStep(ctx, requesterOf(request), request.body);
      // Fully signed in: this browser is now known to the account (decision 0051).
      await rememberDevice(ctx.db, reply, request.cookies[DEVICE_COOKIE], request.user!.id, ctx.config.cookieSecure);
      return { user: presentCurrentUser(request.user!, null), csrfToken: request.sessionInfo!.csrfToken };
    },
  );

  app.post(
    '/api/admin/users/:id/reset-second-factor',
    { config: ADMIN, schema: { params: adminUserIdParams, response: { 200: okResponse } } },
    async (request) => {
      await resetSecondFactor(ctx, request.user!, request.params.id);
      request.log.info({ actorId: request.user!.id, userId: request.params.id }, 'second factor reset by an admin');
      return { ok: true as const };
    },
  );

  app.get(
    '/api/admin/settings/second-factor-requirement',
    { config: ADMIN, schema: { response: { 200: secondFactorRequirement } } },
    async () => readRequirement(ctx),
  );

  app.put(
    '/api/admin/settings/second-factor-requirement',
    { config: ADMIN, schema: { body: secondFactorRequirementBody, response: { 200: secondFactorRequirement } } },
    async (request) => {
      await setRequirement(ctx, request.user!, request.body.enabled);
      return readRequirement(ctx);
    },
  );
}
