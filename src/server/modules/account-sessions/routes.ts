import type { FastifyReply } from 'fastify';
import { okResponse } from '../../../shared/api/admin-users';
import { accountSessionsResponse, sessionIdParams } from '../../../shared/api/two-factor';
import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';
import { SESSION_COOKIE } from '../../platform/auth/sessions';
import { endOtherSessions, endOwnSession, listSessions } from './service';

/** Reachable while confined to enrollment too: the account page shows them, and they are the person's own. */
const OWN = { policy: { minRole: 'viewer' as const, allowEnrollmentRequired: true } };

/** The person's sessions on the account page. */
export async function accountSessionRoutes(app: ZApp, ctx: AppContext) {
  const clearCookie = (reply: FastifyReply) => reply.clearCookie(SESSION_COOKIE, { path: '/' });

  app.get('/api/account/sessions', { config: OWN, schema: { response: { 200: accountSessionsResponse } } }, async (request) => ({
    sessions: await listSessions(ctx, request.user!.id, request.sessionInfo!.id),
  }));

  app.delete(
    '/api/account/sessions/:id',
    { config: OWN, schema: { params: sessionIdParams, response: { 200: okResponse } } },
    async (request, reply) => {
      const ended = await endOwnSession(ctx, request.user!.id, request.sessionInfo!.id, request.params.id);
      if (ended.current) clearCookie(reply);
      return { ok: true as const };
    },
  );

  app.post('/api/account/sessions/end-others', { config: OWN, schema: { response: { 200: okResponse } } }, async (request) => {
    await endOtherSessions(ctx, request.user!.id, request.sessionInfo!.id);
    return { ok: true as const };
  });
}
