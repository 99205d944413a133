import type { FastifyReply, FastifyRequest } from 'fastify';
import { signInOptionsResponse, type SignInOptions } from '../../../shared/api/auth';
import type { SsoErrorCode } from '../../../shared/api/sso-messages';
import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';
import { OidcUnavailableError, oidcClient, passwordSignInAllowed } from '../../platform/auth/oidc';
import { SESSION_COOKIE, sessionCookieOptions } from '../../platform/auth/sessions';
import { finishSso, isBrowserToken, newBrowserToken, SSO_SIGN_IN_TTL_MS, SsoRefused, startSso } from './sso';

/** The httpOnly cookie that binds a single sign-on to the browser that started it. */
export const SSO_BROWSER_COOKIE = 'ls_sso';
const SSO_COOKIE_PATH = '/api/auth/oidc';

/** Both legs are public and anonymous: bounded per address so nobody can fill the sign-in table. */
const SSO_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };

/**
 * Single sign-on with OpenID Connect (decision 0036): what the sign-in page offers, the
 * start (off to the provider) and the callback (back with a code). Both legs answer with a
 * redirect, since the browser navigates to them: to the provider, to the person's first screen, or
 * to /login?sso=<code> whose message the sign-in page shows.
 */
export async function ssoRoutes(app: ZApp, ctx: AppContext) {
  const oidc = ctx.config.oidc ? oidcClient(ctx.config.oidc) : null;
  const toLogin = (reply: FastifyReply, code: SsoErrorCode) => reply.redirect(`/login?sso=${code}`, 303);

  app.get(
    '/api/auth/sign-in-options',
    { config: { policy: { public: true, allowPasswordReset: true } }, schema: { response: { 200: signInOptionsResponse } } },
    async (): Promise<SignInOptions> => ({
      password: await passwordSignInAllowed(ctx.db, ctx.config),
      sso: ctx.config.oidc ? { label: ctx.config.oidc.label } : null,
    }),
  );

  app.get(
    '/api/auth/oidc/start',
    { config: { policy: { public: true, allowPasswordReset: true }, rateLimit: SSO_RATE_LIMIT } },
    async (request, reply) => {
      if (!oidc) return toLogin(reply, 'unavailable');
      // One token per browser, kept while it lasts: two tabs signing in at once both come back.
      const existing = request.cookies[SSO_BROWSER_COOKIE];
      const browserToken = isBrowserToken(existing) ? existing : newBrowserToken();
      try {
        const url = await startSso(ctx, oidc, browserToken);
        reply.setCookie(SSO_BROWSER_COOKIE, browserToken, {
          httpOnly: true,
          // Lax: the provider's redirect back is a top-level navigation from another site.
          sameSite: 'lax',
          secure: ctx.config.cookieSecure,
          path: SSO_COOKIE_PATH,
          maxAge: SSO_SIGN_IN_TTL_MS / 1000,
        });
        return reply.redirect(url.href, 303);
      } catch (err) {
        if (!(err instanceof OidcUnavailableError)) throw err;
        request.log.warn({ err }, 'single sign-on: the provider is unreachable');
        return toLogin(reply, 'unavailable');
      }
    },
  );

  app.get(
    '/api/auth/oidc/callback',
    { config: { policy: { public: true, allowPasswordReset: true }, rateLimit: SSO_RATE_LIMIT } },
    async (request, reply) => {
      if (!oidc) return toLogin(reply, 'unavailable');
      try {
        const result = await finishSso(ctx, oidc, {
          query: queryOf(request),
          browserToken: request.cookies[SSO_BROWSER_COOKIE],
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          previousSession: request.sessionInfo && request.user ? { id: request.sessionInfo.id, userId: request.user.id } : null,
        });
        reply.setCookie(SESSION_COOKIE, result.token, sessionCookieOptions(ctx.config.cookieSecure, result.expiresAt));
        return reply.redirect(result.redirectTo, 303);
      } catch (err) {
        if (err instanceof SsoRefused) {
          request.log.warn({ reason: err.message }, `single sign-on refused (${err.code})`);
          return toLogin(reply, err.code);
        }
        if (err instanceof OidcUnavailableError) {
          request.log.warn({ err }, 'single sign-on: the provider is unreachable');
          return toLogin(reply, 'unavailable');
        }
        throw err;
      }
    },
  );
}

/** The callback's query string exactly as the provider sent it (the library reads code, state, iss). */
function queryOf(request: FastifyRequest): URLSearchParams {
  const at = request.url.indexOf('?');
  return new URLSearchParams(at === -1 ? '' : request.url.slice(at + 1));
}
