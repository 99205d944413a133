import {
  idParams,
  orderBody,
  runwayBody,
  runwayPatchBody,
  runwaySetupResponse,
  setupChangeResponse,
  standardBody,
  taskBody,
  taskPatchBody,
} from '../../../shared/api/runway-setup';
import type { AppContext } from '../../platform/context';
import type { ZApp } from '../../platform/http';
import { runwaySetupPolicy } from './policy';
import {
  addStandardRunways,
  createRunway,
  createTask,
  reorderRunways,
  runwaySetup,
  setRunwayArchived,
  setTaskArchived,
  updateRunway,
  updateTask,
} from './service';

/** Runway set-up (/runways/manage; decision 0055): runways for admins, their recurring tasks for coordinators too. */
export async function runwaySetupRoutes(app: ZApp, ctx: AppContext) {
  const admin = { policy: { minRole: 'admin' as const, rule: runwaySetupPolicy.manageRunways } };
  const coordinator = { policy: { minRole: 'coordinator' as const, rule: runwaySetupPolicy.editTasks } };
  const changed = { 200: setupChangeResponse };

  app.get(
    '/api/runway-setup',
    { config: { policy: { minRole: 'coordinator', rule: runwaySetupPolicy.read } }, schema: { response: { 200: runwaySetupResponse } } },
    async (request) => runwaySetup(ctx.db, request.user!),
  );

  app.post('/api/runway-setup/runways', { config: admin, schema: { body: runwayBody, response: changed } }, async (request) =>
    createRunway(ctx, request.user!, request.body),
  );

  app.patch(
    '/api/runway-setup/runways/:id',
    { config: admin, schema: { params: idParams, body: runwayPatchBody, response: changed } },
    async (request) => updateRunway(ctx, request.user!, request.params.id, request.body),
  );

  app.post('/api/runway-setup/runways/:id/archive', { config: admin, schema: { params: idParams, response: changed } }, async (request) =>
    setRunwayArchived(ctx, request.user!, request.params.id, true),
  );

  app.post('/api/runway-setup/runways/:id/restore', { config: admin, schema: { params: idParams, response: changed } }, async (request) =>
    setRunwayArchived(ctx, request.user!, request.params.id, false),
  );

  app.put('/api/runway-setup/order', { config: admin, schema: { body: orderBody, response: changed } }, async (request) =>
    reorderRunways(ctx, request.user!, request.body),
  );

  app.post('/api/runway-setup/standard', { config: admin, schema: { body: standardBody, response: changed } }, async (request) =>
    addStandardRunways(ctx, request.user!, request.body),
  );

  app.post(
    '/api/runway-setup/runways/:id/tasks',
    { config: coordinator, schema: { params: idParams, body: taskBody, response: changed } },
    async (request) => createTask(ctx, request.user!, request.params.id, request.body),
  );

  app.patch(
    '/api/runway-setup/tasks/:id',
    { config: coordinator, schema: { params: idParams, body: taskPatchBody, response: changed } },
    async (request) => updateTask(ctx, request.user!, request.params.id, request.body),
  );

  app.post(
    '/api/runway-setup/tasks/:id/archive',
    { config: coordinator, schema: { params: idParams, response: changed } },
    async (request) => setTaskArchived(ctx, request.user!, request.params.id, true),
  );

  app.post(
    '/api/runway-setup/tasks/:id/restore',
    { config: coordinator, schema: { params: idParams, response: changed } },
    async (request) => setTaskArchived(ctx, request.user!, request.params.id, false),
  );
}
