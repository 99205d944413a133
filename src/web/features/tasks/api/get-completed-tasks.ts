import { infiniteQueryOptions } from '@tanstack/react-query';
import type { CompletedScope, CompletedTasks, TaskFilters } from '@shared/api/tasks';
import { api, qs } from '@web/lib/api';
import { requestKeys } from '@web/lib/request-keys';

/** Where the next page starts, and whether it reaches past the recent window ('Show older'). */
interface CompletedPageParam {
  cursor: string | null;
  older: boolean;
}

/**
 * The Completed section of a task list, one keyset page at a time, most recently finished first
 * (guide/tasks-and-calendar.md#my-tasks-and-all-tasks: finished work is apart and paged, never loaded whole): the last 30 days first, then,
 * once those are used up, older work ('Show older'). Fetched only once the section is opened; the
 * key starts with 'requests' so a change to a request reloads it.
 */
export const completedTasksQuery = (scope: CompletedScope, filters: TaskFilters = {}) =>
  infiniteQueryOptions({
    queryKey: [...requestKeys.tasks, 'completed', scope, filters.assignee ?? '', filters.search ?? ''],
    queryFn: ({ pageParam }) =>
      api.get<CompletedTasks>(
        `/api/tasks/completed${qs({
          scope,
          cursor: pageParam.cursor,
          older: pageParam.older ? 'true' : undefined,
          assignee: filters.assignee,
          search: filters.search,
        })}`,
      ),
    initialPageParam: { cursor: null, older: false } as CompletedPageParam,
    getNextPageParam: (last, _pages, param): CompletedPageParam | undefined => {
      if (last.nextCursor) return { cursor: last.nextCursor, older: param.older };
      if (last.olderCursor) return { cursor: last.olderCursor, older: true };
      return undefined;
    },
  });

/** The next page is older work beyond the recent window: the button reads 'Show older'. */
export const nextIsOlder = (pages: CompletedTasks[] | undefined): boolean => {
  const last = pages?.[pages.length - 1];
  return !!last && !last.nextCursor && !!last.olderCursor;
};
