import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ActivityFeed } from '@shared/api/notifications';
import { api, qs } from '@web/lib/api';

export const fetchActivityFeed = (cursor?: string | null) => api.get<ActivityFeed>(`/api/notifications/feed${qs({ cursor })}`);

/**
 * The Master Activity Feed, one keyset page at a time. The key starts with 'activity', the realtime
 * topic the server publishes to coordinators and admins when a notification or message is written.
 */
export const activityFeedQuery = infiniteQueryOptions({
  queryKey: ['activity', 'feed'],
  queryFn: ({ pageParam }) => fetchActivityFeed(pageParam),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});
