import { presentedAnswer } from '../../platform/presented-serializer';
import {
  activityFeedQuery,
  activityFeedResponse,
  idParams,
  notificationListQuery,
  notificationListResponse,
  readForRequestBody,
  unreadCountResponse,
  updatedResponse,
} from '../../../shared/api/notifications';
import { marksNotificationsReadOnOpen } from '../../../shared/domain/roles';
import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { notificationsChanged } from '../../commands/notify';
import { sharedBuilds } from '../../platform/shared-builds';
import { activityFeed } from './feed';
import { listNotifications, markAllRead, markRead, markRequestRead, unreadCount } from './service';
import { notificationPolicy } from './policy';

/** Every operation but the master feed works on the caller's own notifications only. */
const own = { minRole: 'viewer', rule: notificationPolicy.read } as const;
/** guide/roles-and-access.md#the-route-table: the master feed (everyone's notifications and all requests' messages) is for coordinators and admins. */
const masterFeed = { minRole: 'coordinator' } as const;

export async function notificationRoutes(app: ZApp, ctx: AppContext) {
  // The feed is the same for every coordinator and admin, and every open one refetches on the same
  // change: a crowd asking at once shares one build (decision 0074).
  const feedPage = sharedBuilds(
    (query: { limit: number; cursor?: string }) => `${query.limit}|${query.cursor ?? ''}`,
    (query) => activityFeed(ctx.db, query),
  );

  app.get(
    '/api/notifications',
    { config: { policy: own }, schema: { querystring: notificationListQuery, response: { 200: notificationListResponse } } },
    async (request) =>
      listNotifications(ctx.db, request.user!.id, {
        limit: request.query.limit,
        cursor: request.query.cursor,
        unreadOnly: request.query.unreadOnly === 'true',
      }),
  );

  app.get(
    '/api/notifications/feed',
    {
      config: { policy: masterFeed },
      schema: { querystring: activityFeedQuery, response: { 200: activityFeedResponse } },
      // activityFeed builds each entry with exactly the schema's fields.
      ...presentedAnswer,
    },
    async (request) => feedPage(request.query),
  );

  app.get(
    '/api/notifications/unread-count',
    { config: { policy: own }, schema: { response: { 200: unreadCountResponse } } },
    async (request) => unreadCount(ctx.db, request.user!.id),
  );

  app.post('/api/notifications/:id/read', { config: { policy: own }, schema: { params: idParams } }, async (request, reply) => {
    if (!(await markRead(ctx.db, request.user!, request.params.id))) throw notFound('Notification not found.');
    await ctx.bus.publish([notificationsChanged([request.user!.id])]);
    return reply.status(204).send();
  });

  app.post('/api/notifications/read-all', { config: { policy: own }, schema: { response: { 200: updatedResponse } } }, async (request) => {
    const updated = await markAllRead(ctx.db, request.user!.id);
    await ctx.bus.publish([notificationsChanged([request.user!.id])]);
    return { updated };
  });

  app.post(
    '/api/notifications/read-for-request',
    { config: { policy: own }, schema: { body: readForRequestBody, response: { 200: updatedResponse } } },
    async (request) => {
      const user = request.user!;
      if (!marksNotificationsReadOnOpen(user.role)) return { updated: 0 };
      const updated = await markRequestRead(ctx.db, user.id, request.body.requestId);
      if (updated > 0) await ctx.bus.publish([notificationsChanged([user.id])]);
      return { updated };
    },
  );
}
