import {
  archiveExportQuery,
  archiveQuery,
  archiveResponse,
  coordinatorsResponse,
  eventPromotionsQuery,
  eventPromotionsResponse,
  intakeExportQuery,
  intakeQuery,
  intakeResponse,
  ministriesQuery,
  ministriesResponse,
  myRequestsExportQuery,
  myRequestsQuery,
  myRequestsResponse,
} from '../../../shared/api/requests';
import { todayIn } from '../../../shared/domain/dates';
import { churchConfig } from '../../platform/church-config';
import { badRequest } from '../../platform/errors';
import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';
import { listArchive, listCoordinators, listEventPromotions, listIntake, listMinistries, listMyRequests } from './queries';
import { requestListPolicy } from './policy';
import { exportEnv, exportFilename, sendCsv } from '../../platform/csv/csv-export';
import { archiveBatches, archiveColumns, intakeBatches, intakeColumns, myRequestsBatches, myRequestsColumns } from './export';

/** The request lists of guide/roles-and-access.md#the-route-table and the look-ups of their filters. */
export async function requestListRoutes(app: ZApp, ctx: AppContext) {
  app.get(
    '/api/requests/mine',
    {
      config: {
        policy: {
          minRole: 'viewer',
          rule: requestListPolicy.seeCoordinated,
        },
      },
      schema: { querystring: myRequestsQuery, response: { 200: myRequestsResponse } },
    },
    async (request) => listMyRequests(ctx.db, request.user!, request.query),
  );

  // The CSV exports: each list's path + /export.csv, its filters, its policy.
  app.get(
    '/api/requests/mine/export.csv',
    {
      config: { policy: { minRole: 'viewer', rule: requestListPolicy.seeCoordinated } },
      schema: { querystring: myRequestsExportQuery },
    },
    async (request, reply) => {
      const env = await exportEnv(ctx);
      return sendCsv(reply, {
        filename: exportFilename('my-requests', env.timeZone),
        columns: myRequestsColumns(env),
        batches: myRequestsBatches(ctx.db, request.user!, request.query, env),
      });
    },
  );

  app.get(
    '/api/ministries',
    { config: { policy: { minRole: 'viewer' } }, schema: { querystring: ministriesQuery, response: { 200: ministriesResponse } } },
    async (request) => listMinistries(ctx.db, request.query.all === '1'),
  );

  app.get(
    '/api/users/coordinators',
    { config: { policy: { minRole: 'coordinator' } }, schema: { response: { 200: coordinatorsResponse } } },
    async () => listCoordinators(ctx.db),
  );

  app.get(
    '/api/intake',
    { config: { policy: { minRole: 'coordinator' } }, schema: { querystring: intakeQuery, response: { 200: intakeResponse } } },
    async (request) => listIntake(ctx.db, request.query, todayIn((await churchConfig(ctx)).church.effectiveTimeZone)),
  );

  app.get(
    '/api/intake/export.csv',
    { config: { policy: { minRole: 'coordinator' } }, schema: { querystring: intakeExportQuery } },
    async (request, reply) => {
      const env = await exportEnv(ctx);
      return sendCsv(reply, {
        filename: exportFilename('intake-queue', env.timeZone),
        columns: intakeColumns(env),
        batches: intakeBatches(ctx.db, request.query, env),
      });
    },
  );

  app.get(
    '/api/archive',
    {
      config: { policy: { minRole: 'requester', rule: requestListPolicy.seeEveryArchived } },
      schema: { querystring: archiveQuery, response: { 200: archiveResponse } },
    },
    async (request) => listArchive(ctx.db, request.user!, request.query.kind, request.query.cursor),
  );

  app.get(
    '/api/archive/export.csv',
    {
      config: { policy: { minRole: 'requester', rule: requestListPolicy.seeEveryArchived } },
      schema: { querystring: archiveExportQuery },
    },
    async (request, reply) => {
      const env = await exportEnv(ctx);
      const kind = request.query.kind;
      return sendCsv(reply, {
        filename: exportFilename(`archive-${kind === 'onetime' ? 'one-time' : 'recurring'}`, env.timeZone),
        columns: archiveColumns(env),
        batches: archiveBatches(ctx.db, request.user!, kind, env),
      });
    },
  );

  app.get(
    '/api/event-promotions',
    {
      config: { policy: { minRole: 'requester' } },
      schema: { querystring: eventPromotionsQuery, response: { 200: eventPromotionsResponse } },
    },
    async (request) => {
      // The filter offers the church's tiers (decision 0056): any other code is a bad request.
      const { tier } = request.query;
      if (tier && !(await churchConfig(ctx)).tiers.some((t) => t.code === tier)) throw badRequest(UNKNOWN_TIER, { tier: UNKNOWN_TIER });
      return listEventPromotions(ctx.db, request.user!, todayIn(ctx.config.churchTimeZone), {
        days: request.query.days,
        tier,
        cursor: request.query.cursor,
      });
    },
  );
}

const UNKNOWN_TIER = 'Choose one of the church’s tiers.';
