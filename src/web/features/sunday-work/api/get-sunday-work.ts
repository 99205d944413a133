import { infiniteQueryOptions } from '@tanstack/react-query';
import type { SundayWorkResponse } from '@shared/api/sunday-work';
import { TASK_LIST_REFRESH_MS } from '@shared/domain/constants';
import { api, qs } from '@web/lib/api';

/** The key starts with 'tasks': the server's 'tasks' event for the person reloads it live. */
export const sundayWorkKey = ['tasks', 'sunday-work'] as const;

/** The person's open Sunday work, soonest due first, a page at a time (decision 0058). */
export const sundayWorkQuery = infiniteQueryOptions({
  queryKey: sundayWorkKey,
  queryFn: ({ pageParam }) => api.get<SundayWorkResponse>(`/api/sunday-work${qs({ cursor: pageParam })}`),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
  refetchInterval: TASK_LIST_REFRESH_MS,
});
