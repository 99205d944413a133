import { infiniteQueryOptions } from '@tanstack/react-query';
import type { TaskFilters, TaskList } from '@shared/api/tasks';
import { TASK_LIST_REFRESH_MS } from '@shared/domain/constants';
import { api, qs } from '@web/lib/api';
import { requestKeys } from '@web/lib/request-keys';

export type TaskScope = 'mine' | 'all';

/**
 * A task list, one page of open work at a time, soonest due first ('Load more'; guide/tasks-and-calendar.md#my-tasks-and-all-tasks). The
 * key starts with 'requests' so any change to a request reloads it live, and it also refreshes
 * every 60 seconds (guide/tasks-and-calendar.md#my-tasks-and-all-tasks).
 */
export const tasksQuery = (scope: TaskScope, filters: TaskFilters = {}) =>
  infiniteQueryOptions({
    queryKey: [...requestKeys.tasks, scope, filters.assignee ?? '', filters.search ?? ''],
    queryFn: ({ pageParam }) =>
      api.get<TaskList>(`/api/tasks${qs({ scope, cursor: pageParam, assignee: filters.assignee, search: filters.search })}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: TASK_LIST_REFRESH_MS,
  });

/** The Church Media Squad Queue: tasks assigned to the external squad, a page at a time. */
export const squadTasksQuery = infiniteQueryOptions({
  queryKey: [...requestKeys.tasks, 'squad'],
  queryFn: ({ pageParam }) => api.get<TaskList>(`/api/tasks/squad${qs({ cursor: pageParam })}`),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
  refetchInterval: TASK_LIST_REFRESH_MS,
});

/** The pages read so far as one list: their sections joined, the count and date of the first page. */
export function joinPages(pages: TaskList[]): TaskList {
  const [first] = pages;
  return {
    waiting: pages.flatMap((p) => p.waiting),
    active: pages.flatMap((p) => p.active),
    rejected: pages.flatMap((p) => p.rejected),
    completedCount: first.completedCount,
    today: first.today,
    nextCursor: pages[pages.length - 1].nextCursor,
  };
}
