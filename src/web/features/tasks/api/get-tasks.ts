import { queryOptions } from '@tanstack/react-query';
import type { TaskList } from '@shared/api/tasks';
import { TASK_LIST_REFRESH_MS } from '@shared/domain/constants';
import { api, qs } from '@web/lib/api';
import { requestKeys } from '@web/lib/request-keys';

export type TaskScope = 'mine' | 'all';

/**
 * A task list. The key starts with 'requests' so any change to a request reloads it live, and it
 * also refreshes every 60 seconds (spec 001 section 2).
 */
export const tasksQuery = (scope: TaskScope) =>
  queryOptions({
    queryKey: [...requestKeys.tasks, scope],
    queryFn: () => api.get<TaskList>(`/api/tasks${qs({ scope })}`),
    refetchInterval: TASK_LIST_REFRESH_MS,
  });

/** The Church Media Squad Queue: tasks assigned to the external squad. */
export const squadTasksQuery = queryOptions({
  queryKey: [...requestKeys.tasks, 'squad'],
  queryFn: () => api.get<TaskList>('/api/tasks/squad'),
  refetchInterval: TASK_LIST_REFRESH_MS,
});
