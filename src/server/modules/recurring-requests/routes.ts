import { recurringBody, recurringListResponse, recurringParams, recurringSaved } from '../../../shared/api/recurring-requests';
import type { AppContext } from '../../platform/context';
import type { ZApp } from '../../platform/http';
import { recurringPolicy } from './policy';
import { createRecurring, listRecurring, setRecurringStatus } from './service';

/** Recurring requests (/request/templates; guide/requests.md#recurring-requests): requesters and above, their own series. */
export async function recurringRequestRoutes(app: ZApp, ctx: AppContext) {
  const own = { policy: { minRole: 'requester' as const, rule: recurringPolicy.own } };
  const saved = { 200: recurringSaved };
  app.get('/api/recurring-requests', { config: own, schema: { response: { 200: recurringListResponse } } }, async (request) =>
    listRecurring(ctx, request.user!),
  );
  app.post('/api/recurring-requests', { config: own, schema: { body: recurringBody, response: saved } }, async (request) =>
    createRecurring(ctx, request.user!, request.body),
  );
  for (const [action, status] of [
    ['pause', 'paused'],
    ['resume', 'active'],
    ['end', 'ended'],
  ] as const) {
    app.post(
      `/api/recurring-requests/:id/${action}`,
      { config: own, schema: { params: recurringParams, response: saved } },
      async (request) => setRecurringStatus(ctx, request.user!, request.params.id, status),
    );
  }
}
