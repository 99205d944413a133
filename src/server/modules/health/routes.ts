import {
  cleanupResponse,
  healthLogEntry,
  healthLogParams,
  healthLogResponse,
  healthRunResponse,
  healthScoreResponse,
  syncResponse,
} from '../../../shared/api/health';
import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';
import { latestScore, listLogs } from './queries';
import { cleanInvalidMondays, resolveLog, runCheck, syncToSundays } from './service';
import { healthPolicy } from './policy';

/**
 * System Health (/admin/system-health) and the system actions of Admin settings (guide/roles-and-access.md#the-route-table
 * sections 2, 4, 7): admins only. 'Send All Task Reminders' stays POST /api/tasks/reminders.
 */
export async function healthRoutes(app: ZApp, ctx: AppContext) {
  const admin = { policy: { minRole: 'admin' as const } };

  app.get('/api/admin/system-health', { config: admin, schema: { response: { 200: healthLogResponse } } }, async (request) => ({
    score: await latestScore(ctx.db),
    logs: await listLogs(ctx.db, request.user!),
  }));

  app.get('/api/admin/system-health/score', { config: admin, schema: { response: { 200: healthScoreResponse } } }, async () => ({
    score: await latestScore(ctx.db),
  }));

  app.post('/api/admin/system-health/run', { config: admin, schema: { response: { 200: healthRunResponse } } }, async (request) =>
    runCheck(ctx, request.user!),
  );

  app.post(
    '/api/admin/system-health/:id/resolve',
    {
      config: { policy: { minRole: 'admin', rule: healthPolicy.resolve } },
      schema: { params: healthLogParams, response: { 200: healthLogEntry } },
    },
    async (request) => resolveLog(ctx, request.user!, request.params.id),
  );

  app.post('/api/admin/system-actions/clean-mondays', { config: admin, schema: { response: { 200: cleanupResponse } } }, async () =>
    cleanInvalidMondays(ctx),
  );

  app.post('/api/admin/system-actions/sync-sundays', { config: admin, schema: { response: { 200: syncResponse } } }, async () =>
    syncToSundays(ctx),
  );
}
