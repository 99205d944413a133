import { cmsItemParams, cmsQueueQuery, cmsQueueResponse, markPublishedBody, markPublishedResponse } from '../../../shared/api/cms-queue';
import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';
import { cmsQueuePolicy } from './policy';
import { listCmsQueue } from './queries';
import { markPublished } from './service';

/** The CMS queue (guide/reports.md#the-cms-queue; /cms-queue is for coordinators and above): list and Mark Published. */
export async function cmsQueueRoutes(app: ZApp, ctx: AppContext) {
  app.get(
    '/api/cms-queue',
    {
      config: { policy: { minRole: 'coordinator' } },
      schema: { querystring: cmsQueueQuery, response: { 200: cmsQueueResponse } },
    },
    async (request) => listCmsQueue(ctx.db, ctx.config.churchTimeZone, request.query.cursor),
  );

  app.post(
    '/api/cms-queue/:id/publish',
    {
      config: { policy: { minRole: 'coordinator', rule: cmsQueuePolicy.publish } },
      schema: { params: cmsItemParams, body: markPublishedBody, response: { 200: markPublishedResponse } },
    },
    async (request) => markPublished(ctx, request.user!, request.params.id, request.body),
  );
}
