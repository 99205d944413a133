import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_USERS_MESSAGES as M, type AdminUser } from '@shared/api/admin-users';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';

/**
 * The row actions of the user table: active toggle, delete, reset password, resend invite. Each
 * toasts the spec's message; the table refetches either way, so it shows what the server holds.
 */
function useUserAction<V>(run: (v: V) => Promise<unknown>, success: string, failure: (err: Error) => string, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      toast({ title: success });
      onDone?.();
    },
    onError: (err: Error) => toast({ title: failure(err), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['users', 'admin'] }),
  });
}

export const useSetUserActive = () =>
  useUserAction(
    ({ id, active }: { id: string; active: boolean }) => api.put<{ user: AdminUser }>(`/api/admin/users/${id}/active`, { active }),
    M.updated,
    (err) => `${M.statusFailed} ${err.message}`,
  );

export const useDeleteUser = (onDone: () => void) =>
  useUserAction(
    (id: string) => api.delete(`/api/admin/users/${id}`),
    M.deleted,
    (err) => `${M.deleteFailed}${err.message}`,
    onDone,
  );

export const useResetPassword = () =>
  useUserAction(
    (id: string) => api.post(`/api/admin/users/${id}/reset-password`, {}),
    M.passwordReset,
    (err) => `${M.resetFailed}${err.message}`,
  );

export const useResendInvite = () =>
  useUserAction(
    (id: string) => api.post(`/api/admin/users/${id}/resend-invite`, {}),
    M.inviteResent,
    (err) => err.message,
  );
