import { seriesBody, seriesDetailSchema, seriesIdParams, seriesListResponse, seriesOwnersResponse } from '../../../shared/api/series';
import { todayIn } from '../../../shared/domain/dates';
import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';
import { seriesPolicy } from './policy';
import { getSeries, listOwners, listSeries } from './queries';
import { deleteSeries, saveSeries } from './service';

/** Sermon series and their weekly breakdown (guide/roles-and-access.md#the-route-table): coordinators and above throughout. */
export async function seriesRoutes(app: ZApp, ctx: AppContext) {
  const policy = { minRole: 'coordinator' as const, rule: seriesPolicy.manage };
  const today = () => todayIn(ctx.config.churchTimeZone);

  app.get('/api/series', { config: { policy }, schema: { response: { 200: seriesListResponse } } }, async () =>
    listSeries(ctx.db, today()),
  );

  app.get('/api/series/owners', { config: { policy }, schema: { response: { 200: seriesOwnersResponse } } }, async () =>
    listOwners(ctx.db),
  );

  app.get(
    '/api/series/:id',
    { config: { policy }, schema: { params: seriesIdParams, response: { 200: seriesDetailSchema } } },
    async (request) => getSeries(ctx.db, request.params.id, today()),
  );

  app.post(
    '/api/series',
    { config: { policy }, schema: { body: seriesBody, response: { 201: seriesDetailSchema } } },
    async (request, reply) => reply.status(201).send(await saveSeries(ctx, request.user!, null, request.body)),
  );

  app.put(
    '/api/series/:id',
    { config: { policy }, schema: { params: seriesIdParams, body: seriesBody, response: { 200: seriesDetailSchema } } },
    async (request) => saveSeries(ctx, request.user!, request.params.id, request.body),
  );

  app.delete('/api/series/:id', { config: { policy }, schema: { params: seriesIdParams } }, async (request, reply) => {
    await deleteSeries(ctx, request.user!, request.params.id);
    return reply.status(204).send();
  });
}
