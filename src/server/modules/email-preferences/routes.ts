import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailPreferenceBody, emailPreferencesSchema } from '../../../shared/api/email-preferences';
import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';
import { readPreferences, turnOffByToken, updatePreference } from './service';

/** The path of the one-click links in e-mails (commands/email-preferences.ts `offUrl`). */
export const OFF_PATH = '/email/off';

/** E-mail preferences: each person's own, on /account; and the one-click off link. */
export async function emailPreferenceRoutes(app: ZApp, ctx: AppContext) {
  app.get(
    '/api/account/email-preferences',
    { config: { policy: { minRole: 'viewer' } }, schema: { response: { 200: emailPreferencesSchema } } },
    async (request) => readPreferences(ctx, ctx.db, request.user!.id),
  );

  app.put(
    '/api/account/email-preferences',
    {
      config: { policy: { minRole: 'viewer' } },
      schema: { body: emailPreferenceBody, response: { 200: emailPreferencesSchema } },
    },
    async (request) => updatePreference(ctx, request.user!.id, request.body),
  );

  /**
   * RFC 8058 one-click: a mail client POSTs `List-Unsubscribe=One-Click` (form-encoded) to the
   * List-Unsubscribe URL. It lives outside /api because it is neither a session's call nor JSON:
   * the signed token in the URL is its whole authority, and it can only turn e-mails off
   * (decision 0034). Its own scope accepts the form body; nothing else here does.
   */
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scope.post(
      OFF_PATH,
      {
        config: { policy: { public: true } },
        schema: { querystring: z.object({ token: z.string().min(1).max(300) }), hide: true },
      },
      async (request, reply) => {
        const done = await turnOffByToken(ctx, request.query.token);
        return reply
          .code(done ? 200 : 400)
          .type('text/plain; charset=utf-8')
          .send(
            done
              ? 'Done: you will not get these e-mails any more. Change this on your account page in Lampstand.'
              : 'This link is not valid.',
          );
      },
    );
  });
}
