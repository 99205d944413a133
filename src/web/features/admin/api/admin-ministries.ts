import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_USERS_MESSAGES as M, type AdminMinistry, type SaveMinistryInput } from '@shared/api/admin-users';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';

/** Every ministry, archived too (admin only); the key starts with 'ministries' so pickers refetch with it. */
export const adminMinistriesQuery = queryOptions({
  queryKey: ['ministries', 'admin'],
  queryFn: () => api.get<{ ministries: AdminMinistry[] }>('/api/admin/ministries'),
});

/** Create or edit: 'Failed to save ministry.' with the server's reason. */
export function useSaveMinistry(opts: { onSuccess: () => void; onError: (err: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: SaveMinistryInput & { id?: string }) =>
      id
        ? api.put<{ ministry: AdminMinistry }>(`/api/admin/ministries/${id}`, body)
        : api.post<{ ministry: AdminMinistry }>('/api/admin/ministries', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['ministries'] });
      opts.onSuccess();
    },
    onError: opts.onError,
  });
}

/** Archive / activate: 'Failed to update ministry status.' on failure. */
export function useSetMinistryActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      api.put<{ ministry: AdminMinistry }>(`/api/admin/ministries/${id}/active`, { active }),
    onError: (err: Error) => toast({ title: M.ministryStatusFailed, description: err.message, variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['ministries'] }),
  });
}
