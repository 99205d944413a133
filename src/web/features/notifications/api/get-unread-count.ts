import { queryOptions } from '@tanstack/react-query';
import { api } from '@web/lib/api';

/** Keys start with 'notifications' so the realtime stream refreshes them live. */
export const unreadCountQuery = queryOptions({
  queryKey: ['notifications', 'unread-count'],
  queryFn: () => api.get<{ count: number }>('/api/notifications/unread-count'),
});
