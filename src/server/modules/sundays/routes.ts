import {
  lockSundayResponse,
  runwayDashboardResponse,
  runwayParams,
  runwaysResponse,
  runwaySundaysResponse,
  savePlanItemsBody,
  savePlanItemsResponse,
  saveSermonBody,
  saveSermonResponse,
  sundayDetailResponse,
  sundayParams,
  sundayRunwayParams,
  unlockSundayResponse,
  addOneOffTaskBody,
  addOneOffTaskResponse,
} from '../../../shared/api/sundays';
import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';
import { sundaysPolicy } from './policy';
import {
  addOneOffTask,
  unlockSunday,
  lockSunday,
  openRunwayDashboard,
  runwaySundays,
  savePlanItems,
  saveSermon,
  sundayDetail,
  activeRunways,
} from './service';

/** Runways, runway views, Sunday plans and their items, Lock Sunday (guide/roles-and-access.md#the-route-table; guide/sunday-planning.md#a-runway-view, #readiness; decision 0014). */
export async function sundayRoutes(app: ZApp, ctx: AppContext) {
  const timeZone = ctx.config.churchTimeZone;

  // The runway tab bar (All Runways, one tab per runway, Planning) is on /runways/planning too,
  // which creatives open (guide/roles-and-access.md#the-route-table): the runways' names are theirs to read.
  app.get('/api/runways', { config: { policy: { minRole: 'creative' } }, schema: { response: { 200: runwaysResponse } } }, async () => ({
    items: await activeRunways(ctx.db),
  }));

  app.get(
    '/api/runways/dashboard',
    { config: { policy: { minRole: 'coordinator', rule: sundaysPolicy.read } }, schema: { response: { 200: runwayDashboardResponse } } },
    async (request) => openRunwayDashboard(ctx, request.user!),
  );

  app.get(
    '/api/runways/:code/sundays',
    {
      config: { policy: { minRole: 'coordinator', rule: sundaysPolicy.read } },
      schema: { params: runwayParams, response: { 200: runwaySundaysResponse } },
    },
    async (request) => runwaySundays(ctx.db, request.params.code, timeZone),
  );

  app.get(
    '/api/sundays/:date',
    {
      config: { policy: { minRole: 'creative', rule: sundaysPolicy.readSunday } },
      schema: { params: sundayParams, response: { 200: sundayDetailResponse } },
    },
    async (request) => sundayDetail(ctx.db, request.user!, request.params.date),
  );

  app.put(
    '/api/sundays/:date/runways/:code/items',
    {
      config: { policy: { minRole: 'coordinator', rule: sundaysPolicy.edit } },
      schema: { params: sundayRunwayParams, body: savePlanItemsBody, response: { 200: savePlanItemsResponse } },
    },
    async (request) => savePlanItems(ctx, request.user!, request.params.date, request.params.code, request.body),
  );

  app.put(
    '/api/sundays/:date/sermon',
    {
      config: { policy: { minRole: 'coordinator', rule: sundaysPolicy.edit } },
      schema: { params: sundayParams, body: saveSermonBody, response: { 200: saveSermonResponse } },
    },
    async (request) => saveSermon(ctx, request.user!, request.params.date, request.body),
  );

  app.post(
    '/api/sundays/:date/lock',
    {
      config: { policy: { minRole: 'coordinator', rule: sundaysPolicy.lock } },
      schema: { params: sundayParams, response: { 200: lockSundayResponse } },
    },
    async (request) => lockSunday(ctx, request.user!, request.params.date),
  );

  // Unlock Sunday: admins only, on a locked Sunday; logged with the Sunday (decision 0055).
  app.post(
    '/api/sundays/:date/unlock',
    {
      config: { policy: { minRole: 'admin', rule: sundaysPolicy.unlock } },
      schema: { params: sundayParams, response: { 200: unlockSundayResponse } },
    },
    async (request) => unlockSunday(ctx, request.user!, request.params.date),
  );

  // A one-off task on one Sunday's runway plan: coordinators and above, the Sunday's lock applies.
  app.post(
    '/api/sundays/:date/runways/:code/tasks',
    {
      config: { policy: { minRole: 'coordinator', rule: sundaysPolicy.edit } },
      schema: { params: sundayRunwayParams, body: addOneOffTaskBody, response: { 201: addOneOffTaskResponse } },
    },
    async (request, reply) =>
      reply.code(201).send(await addOneOffTask(ctx, request.user!, request.params.date, request.params.code, request.body)),
  );
}
