import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { sessionQuery } from './session';

export type ResetInput = { token: string; password: string };

export const resetPassword = (input: ResetInput) => api.post<{ message: string }>('/api/auth/password-reset', input);

/** Sets a new password from the e-mailed link; the server ends any session, so the cache does too. */
export function useResetPassword({ onSuccess, ...options }: UseMutationOptions<{ message: string }, Error, ResetInput> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: resetPassword,
    onSuccess: async (...args) => {
      queryClient.setQueryData(sessionQuery.queryKey, { user: null, csrfToken: null });
      await onSuccess?.(...args);
    },
  });
}
