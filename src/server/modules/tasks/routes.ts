import {
  assigneeListResponse,
  assignTaskBody,
  assignTaskResponse,
  completedTasksQuery,
  completedTasksResponse,
  reminderRunResponse,
  squadTasksQuery,
  taskExportQuery,
  taskIdParams,
  taskListResponse,
  taskScopeQuery,
} from '../../../shared/api/tasks';
import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';
import { forbidden } from '../../platform/errors';
import { markJobRun } from '../../platform/jobs/scheduler';
import { parseCursor } from '../../platform/db/keyset';
import { parseDueCursor } from '../../queries/current-work';
import { listAssignees, listCompletedTasks, listSquadTasks, listTasks } from './queries';
import { REMINDER_JOB, runTaskReminders } from './reminders';
import { taskPolicy } from './policy';
import { assignTask, remindAssignee } from './service';
import { exportEnv, exportFilename, sendCsv } from '../../platform/csv/csv-export';
import { hasRank } from '../../../shared/domain/roles';
import { taskBatches, taskColumns } from './export';

/**
 * Task lists, reassignment and reminders (guide/roles-and-access.md#the-route-table). Requesters reach no task list: the
 * page sends them to their requests and the API answers 403 (the policy starts at creative).
 */
export async function taskRoutes(app: ZApp, ctx: AppContext) {
  app.get(
    '/api/tasks',
    {
      config: {
        policy: { minRole: 'creative', rule: taskPolicy.seeEveryTask },
      },
      schema: { querystring: taskScopeQuery, response: { 200: taskListResponse } },
    },
    async (request) => {
      const { scope, cursor, assignee, search } = request.query;
      if (scope === 'all' && !taskPolicy.listEveryone.allows(request.user!, null)) throw forbidden();
      if (assignee && assignee !== 'me' && !taskPolicy.filterByAssignee.allows(request.user!, null)) throw forbidden();
      return listTasks(ctx.db, request.user!, ctx.config.churchTimeZone, parseDueCursor(cursor), { assignee, search: search || undefined });
    },
  );

  // The CSV export of the list: the same scope rule as the list, its open work whole.
  app.get(
    '/api/tasks/export.csv',
    {
      config: { policy: { minRole: 'creative', rule: taskPolicy.seeEveryTask } },
      schema: { querystring: taskExportQuery },
    },
    async (request, reply) => {
      const user = request.user!;
      if (request.query.scope === 'all' && !taskPolicy.listEveryone.allows(user, null)) throw forbidden();
      const env = await exportEnv(ctx);
      return sendCsv(reply, {
        filename: exportFilename(request.query.scope === 'all' ? 'all-tasks' : 'my-tasks', env.timeZone),
        columns: taskColumns(env, hasRank(user.role, 'coordinator')),
        batches: taskBatches(ctx.db, user, env),
      });
    },
  );

  app.get(
    '/api/tasks/completed',
    {
      config: {
        policy: {
          minRole: 'creative',
          rule: taskPolicy.listEveryone,
        },
      },
      schema: { querystring: completedTasksQuery, response: { 200: completedTasksResponse } },
    },
    async (request) => {
      const { scope, cursor, older, assignee, search } = request.query;
      if (scope !== 'mine' && !taskPolicy.listEveryone.allows(request.user!, null)) throw forbidden();
      if (assignee && assignee !== 'me' && !taskPolicy.filterByAssignee.allows(request.user!, null)) throw forbidden();
      return listCompletedTasks(ctx.db, request.user!, scope, parseCursor(cursor), older, { assignee, search: search || undefined });
    },
  );

  app.get(
    '/api/tasks/squad',
    {
      config: { policy: { minRole: 'coordinator' } },
      schema: { querystring: squadTasksQuery, response: { 200: taskListResponse } },
    },
    async (request) => listSquadTasks(ctx.db, ctx.config.churchTimeZone, parseDueCursor(request.query.cursor)),
  );

  app.get(
    '/api/users/assignees',
    { config: { policy: { minRole: 'coordinator' } }, schema: { response: { 200: assigneeListResponse } } },
    async () => ({ items: await listAssignees(ctx.db) }),
  );

  app.post(
    '/api/tasks/:id/assign',
    {
      config: { policy: { minRole: 'coordinator', rule: taskPolicy.assign } },
      schema: { params: taskIdParams, body: assignTaskBody, response: { 200: assignTaskResponse } },
    },
    async (request) => assignTask(ctx, request.user!, request.params.id, request.body.assigneeId, request.body.confirmBlockout),
  );

  app.post(
    '/api/tasks/reminders',
    { config: { policy: { minRole: 'admin' } }, schema: { response: { 200: reminderRunResponse } } },
    async () => {
      const run = await runTaskReminders(ctx);
      await markJobRun(ctx.db, REMINDER_JOB);
      return run;
    },
  );

  app.post(
    '/api/tasks/:id/remind',
    { config: { policy: { minRole: 'admin', rule: taskPolicy.remind } }, schema: { params: taskIdParams } },
    async (request, reply) => {
      await remindAssignee(ctx, request.params.id);
      return reply.status(204).send();
    },
  );
}
