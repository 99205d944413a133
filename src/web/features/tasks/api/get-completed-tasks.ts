import { infiniteQueryOptions } from '@tanstack/react-query';
import type { CompletedScope, CompletedTasks } from '@shared/api/tasks';
import { api, qs } from '@web/lib/api';
import { requestKeys } from '@web/lib/request-keys';

/**
 * The Completed section of a task list, one keyset page at a time, most recently finished first
 * (DESIGN 5.16: finished work is apart and paged, never loaded whole). Fetched only once the
 * section is opened; the key starts with 'requests' so a change to a request reloads it.
 */
export const completedTasksQuery = (scope: CompletedScope) =>
  infiniteQueryOptions({
    queryKey: [...requestKeys.tasks, 'completed', scope],
    queryFn: ({ pageParam }) => api.get<CompletedTasks>(`/api/tasks/completed${qs({ scope, cursor: pageParam })}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
