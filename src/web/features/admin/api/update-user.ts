import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, UpdateUserInput } from '@shared/api/admin-users';
import { api } from '@web/lib/api';

/** Edit name, role and ministry (the e-mail is not editable). */
export function useUpdateUser(opts: { onSuccess: (user: AdminUser) => void; onError: (err: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateUserInput & { id: string }) => api.put<{ user: AdminUser }>(`/api/admin/users/${id}`, body),
    onSuccess: ({ user }) => {
      void queryClient.invalidateQueries({ queryKey: ['users', 'admin'] });
      opts.onSuccess(user);
    },
    onError: opts.onError,
  });
}
