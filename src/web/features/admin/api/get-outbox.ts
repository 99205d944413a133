import { infiniteQueryOptions } from '@tanstack/react-query';
import type { OutboxPage } from '@shared/api/outbox';
import { api, qs } from '@web/lib/api';

export type { OutboxEmail, OutboxPage } from '@shared/api/outbox';

export const OUTBOX_PAGE_SIZE = 25;

/** The e-mail outbox, newest first, a keyset page at a time; the 'outbox' realtime topic refreshes it. */
export const outboxQuery = infiniteQueryOptions({
  queryKey: ['outbox', 'list'],
  queryFn: ({ pageParam }) => api.get<OutboxPage>(`/api/admin/outbox${qs({ limit: OUTBOX_PAGE_SIZE, cursor: pageParam })}`),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});
