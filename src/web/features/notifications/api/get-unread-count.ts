import { queryOptions } from '@tanstack/react-query';
import type { UnreadCount } from '@shared/api/notifications';
import { api } from '@web/lib/api';

/** Keys start with 'notifications' so the realtime stream refreshes them live. */
export const unreadCountQuery = queryOptions({
  queryKey: ['notifications', 'unread-count'],
  queryFn: () => api.get<UnreadCount>('/api/notifications/unread-count'),
});
