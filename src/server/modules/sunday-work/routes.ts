import {
  completeTaskBody,
  postStatusBody,
  sundayWorkParams,
  sundayWorkQuery,
  sundayWorkResponse,
  sundayWorkSavedResponse,
  videoStatusBody,
} from '../../../shared/api/sunday-work';
import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';
import { parseSundayWorkCursor } from '../../queries/sunday-work';
import { sundayWorkPolicy } from './policy';
import { completeSundayTask, completeSundaySlide, listSundayWork, setPostStatus, setVideoStatus } from './service';

/**
 * Sunday work (decision 0058): the person's open Sunday tasks, videos, slides and posts (My Tasks' Sunday
 * section), and completing one's own. The rank gate lets creatives in; the row rule (assigned to
 * them, the Sunday not locked) is checked by the service inside the write's transaction.
 */
const completes = { minRole: 'creative', rule: sundayWorkPolicy.complete } as const;

export async function sundayWorkRoutes(app: ZApp, ctx: AppContext) {
  app.get(
    '/api/sunday-work',
    {
      config: { policy: { minRole: 'creative', rule: sundayWorkPolicy.list } },
      schema: { querystring: sundayWorkQuery, response: { 200: sundayWorkResponse } },
    },
    async (request) => listSundayWork(ctx.db, request.user!, parseSundayWorkCursor(request.query.cursor)),
  );
  app.patch(
    '/api/sunday-work/tasks/:id',
    {
      config: { policy: completes },
      schema: { params: sundayWorkParams, body: completeTaskBody, response: { 200: sundayWorkSavedResponse } },
    },
    async (request) => completeSundayTask(ctx, request.user!, request.params.id, request.body.isComplete),
  );
  app.patch(
    '/api/sunday-work/videos/:id',
    {
      config: { policy: completes },
      schema: { params: sundayWorkParams, body: videoStatusBody, response: { 200: sundayWorkSavedResponse } },
    },
    async (request) => setVideoStatus(ctx, request.user!, request.params.id, request.body.status),
  );
  app.patch(
    '/api/sunday-work/slides/:id',
    {
      config: { policy: completes },
      schema: { params: sundayWorkParams, body: completeTaskBody, response: { 200: sundayWorkSavedResponse } },
    },
    async (request) => completeSundaySlide(ctx, request.user!, request.params.id, request.body.isComplete),
  );
  app.patch(
    '/api/sunday-work/posts/:id',
    {
      config: { policy: completes },
      schema: { params: sundayWorkParams, body: postStatusBody, response: { 200: sundayWorkSavedResponse } },
    },
    async (request) => setPostStatus(ctx, request.user!, request.params.id, request.body.status),
  );
}
