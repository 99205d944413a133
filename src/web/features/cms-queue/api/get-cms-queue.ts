import { infiniteQueryOptions } from '@tanstack/react-query';
import type { CmsQueuePage } from '@shared/api/cms-queue';
import { api, qs } from '@web/lib/api';

/** The queue's first key part is 'requests', the realtime topic: item changes anywhere reload it. */
export const cmsQueueKey = ['requests', 'cms-queue'] as const;

/** The CMS queue, oldest due first, a keyset page at a time. */
export const cmsQueueQuery = infiniteQueryOptions({
  queryKey: cmsQueueKey,
  queryFn: ({ pageParam }) => api.get<CmsQueuePage>(`/api/cms-queue${qs({ cursor: pageParam })}`),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});
