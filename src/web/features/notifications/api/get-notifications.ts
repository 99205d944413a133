import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { NotificationList } from '@shared/api/notifications';
import { BELL_LATEST_COUNT } from '@shared/domain/constants';
import { api, qs } from '@web/lib/api';

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const fetchNotifications = (limit: number, cursor?: string | null) =>
  api.get<NotificationList>(`/api/notifications${qs({ limit, cursor })}`);

/** The bell's list: the 5 latest. */
export const latestNotificationsQuery = queryOptions({
  queryKey: ['notifications', 'latest'],
  queryFn: () => fetchNotifications(BELL_LATEST_COUNT),
});

/** The full list, one keyset page at a time. */
export const allNotificationsQuery = infiniteQueryOptions({
  queryKey: ['notifications', 'all'],
  queryFn: ({ pageParam }) => fetchNotifications(NOTIFICATIONS_PAGE_SIZE, pageParam),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});
