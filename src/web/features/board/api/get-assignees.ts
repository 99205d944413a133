import { queryOptions } from '@tanstack/react-query';
import type { AssigneeOption } from '@shared/api/tasks';
import { api } from '@web/lib/api';

/** 'Assign to...' candidates: active admins, coordinators and creatives, and the Church Media Squad. */
export const assigneesQuery = queryOptions({
  queryKey: ['users', 'assignees'],
  queryFn: async () => (await api.get<{ items: AssigneeOption[] }>('/api/users/assignees')).items,
  staleTime: 5 * 60_000,
});
