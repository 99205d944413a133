import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignWithoutAskingSetting } from '@shared/api/people';
import { api } from '@web/lib/api';

const key = ['admin', 'settings', 'assign-without-asking'] as const;

export const assignWithoutAskingQuery = queryOptions({
  queryKey: key,
  queryFn: ({ signal }) => api.get<AssignWithoutAskingSetting>('/api/admin/settings/assign-without-asking', { signal }),
});

export function useSaveAssignWithoutAsking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => api.put<AssignWithoutAskingSetting>('/api/admin/settings/assign-without-asking', { enabled }),
    onSuccess: (value) => queryClient.setQueryData(key, value),
  });
}
