import { infiniteQueryOptions } from '@tanstack/react-query';
import { api, qs } from '@web/lib/api';

export interface OutboxEmail {
  id: string;
  recipient: string;
  subject: string;
  body: string;
  actionUrl: string | null;
  actionText: string | null;
  sent: boolean;
  sentAt: string | null;
  attempts: number;
  lastError: string | null;
  createdAt: string;
}
export interface OutboxPage {
  items: OutboxEmail[];
  nextCursor: string | null;
  queued: number;
}

export const OUTBOX_PAGE_SIZE = 25;

/** The e-mail outbox, newest first, a keyset page at a time. */
export const outboxQuery = infiniteQueryOptions({
  queryKey: ['admin', 'outbox'],
  queryFn: ({ pageParam }) => api.get<OutboxPage>(`/api/admin/outbox${qs({ limit: OUTBOX_PAGE_SIZE, cursor: pageParam })}`),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});
