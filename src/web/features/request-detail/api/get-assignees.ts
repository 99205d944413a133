import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AssigneeOption } from '@shared/api/tasks';
import { api } from '@web/lib/api';

/** Assignment candidates (admin, coordinator, creative and the Church Media Squad), from the tasks API. */
export const assigneesQuery = queryOptions({
  queryKey: ['requests', 'assignees'],
  queryFn: async () => (await api.get<{ items: AssigneeOption[] }>('/api/users/assignees')).items,
  staleTime: 60_000,
});

export function useAssignees(enabled: boolean) {
  return useQuery({ ...assigneesQuery, enabled });
}
