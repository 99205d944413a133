import type { FastifyReply } from 'fastify';
import {
  changePasswordBody,
  forgotPasswordBody,
  messageResponse,
  resetPasswordBody,
  sessionResponse,
  signInBody,
  signOutBody,
  AUTH_MESSAGES,
} from '../../../shared/api/auth';
import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';
import { loadSession, SESSION_COOKIE, sessionCookieOptions } from '../../platform/auth/sessions';
import { DEVICE_COOKIE, rememberDevice } from '../../platform/auth/device-cookies';
import { requesterOf } from '../../commands/reauthenticate';

import { ssoRoutes } from './sso-routes';
import { presentCurrentUser } from '../../platform/auth/current-user';
import { changePassword, requestPasswordReset, resetPasswordWithToken, signIn, signOut } from './service';

export async function authRoutes(app: ZApp, ctx: AppContext) {
  const clearCookie = (reply: FastifyReply) => reply.clearCookie(SESSION_COOKIE, { path: '/' });

  app.get(
    '/api/auth/session',
    { config: { policy: { public: true, allowPasswordReset: true } }, schema: { response: { 200: sessionResponse } } },
    async (request, reply) => {
      // A profile deactivated while signed in: the person is signed out and told why.
      if (request.sessionEnded === 'deactivated') {
        clearCookie(reply);
        return { user: null, csrfToken: null, notice: AUTH_MESSAGES.deactivated };
      }
      return {
        user: request.user ? presentCurrentUser(request.user, request.sessionInfo?.secondStep ?? null) : null,
        csrfToken: request.sessionInfo?.csrfToken ?? null,
      };
    },
  );

  app.post(
    '/api/auth/sign-in',
    {
      config: { policy: { public: true, allowPasswordReset: true } },
      schema: { body: signInBody, response: { 200: sessionResponse } },
    },
    async (request, reply) => {
      const result = await signIn(ctx, {
        ...request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        previousSession: request.sessionInfo && request.user ? { id: request.sessionInfo.id, userId: request.user.id } : null,
        deviceCookie: request.cookies[DEVICE_COOKIE],
      });
      reply.setCookie(SESSION_COOKIE, result.token, sessionCookieOptions(ctx.config.cookieSecure, result.expiresAt));
      // The new session as any request will read it: whether it owes a second step (decision 0037).
      const session = await loadSession(ctx.db, result.token, ctx.config.sessionIdleDays);
      const secondStep = session && 'secondStep' in session ? session.secondStep : null;
      // Fully signed in (no code owed): this browser is now known to the account (decision 0051).
      // One that owes a code is remembered only once the code is right.
      if (secondStep !== 'verify') {
        await rememberDevice(ctx.db, reply, request.cookies[DEVICE_COOKIE], result.user.id, ctx.config.cookieSecure);
      }
      return { user: { ...result.user, secondStep }, csrfToken: result.csrfToken };
    },
  );

  app.post(
    '/api/auth/sign-out',
    {
      config: { policy: { minRole: 'viewer', allowPasswordReset: true, allowSecondFactorPending: true, allowEnrollmentRequired: true } },
      // A bodyless POST (curl, sendBeacon) arrives as null: it means the local scope.
      schema: { body: signOutBody.nullish() },
    },
    async (request, reply) => {
      await signOut(ctx, request.sessionInfo!.id, request.user!.id, request.body?.scope ?? 'local');
      clearCookie(reply);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      config: { policy: { public: true, allowPasswordReset: true } },
      schema: { body: forgotPasswordBody, response: { 200: messageResponse } },
    },
    async (request) => {
      await requestPasswordReset(ctx, request.body.email, request.ip);
      return { message: AUTH_MESSAGES.resetLinkSent };
    },
  );

  app.post(
    '/api/auth/password',
    {
      config: { policy: { minRole: 'viewer', allowPasswordReset: true, allowEnrollmentRequired: true } },
      schema: { body: changePasswordBody, response: { 200: messageResponse } },
    },
    async (request) => {
      await changePassword(ctx, requesterOf(request), request.body);
      return { message: 'Your password has been updated. You will be redirected.' };
    },
  );

  app.post(
    '/api/auth/password-reset',
    {
      config: { policy: { public: true, allowPasswordReset: true } },
      schema: { body: resetPasswordBody, response: { 200: messageResponse } },
    },
    async (request, reply) => {
      await resetPasswordWithToken(ctx, request.body.token, request.body.password);
      clearCookie(reply);
      return { message: 'Your password has been updated. You will be redirected.' };
    },
  );

  await ssoRoutes(app, ctx);
}
