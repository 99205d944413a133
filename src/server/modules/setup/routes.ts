import { setupChecklistSchema, setupStepBody, setupStepParams } from '../../../shared/api/setup';
import type { AppContext } from '../../platform/context';
import type { ZApp } from '../../platform/http';
import { markStep, readChecklist } from './service';

/** The first-run setup checklist under Admin (decision 0059): admins only. */
export async function setupRoutes(app: ZApp, ctx: AppContext) {
  const admin = { policy: { minRole: 'admin' as const } };

  app.get('/api/admin/setup', { config: admin, schema: { response: { 200: setupChecklistSchema } } }, async () => readChecklist(ctx));

  app.put(
    '/api/admin/setup/steps/:key',
    { config: admin, schema: { params: setupStepParams, body: setupStepBody, response: { 200: setupChecklistSchema } } },
    async (request) => markStep(ctx, request.params.key, request.body.status, request.user!.id),
  );
}
