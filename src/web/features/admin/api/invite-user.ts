import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, InviteUserInput } from '@shared/api/admin-users';
import { api } from '@web/lib/api';

/** Invite: the server creates the account and e-mails the temporary password in one transaction. */
export function useInviteUser(opts: { onSuccess: (user: AdminUser) => void; onError: (err: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteUserInput) => api.post<{ user: AdminUser }>('/api/admin/users', body),
    onSuccess: ({ user }) => {
      void queryClient.invalidateQueries({ queryKey: ['users', 'admin'] });
      opts.onSuccess(user);
    },
    onError: opts.onError,
  });
}
