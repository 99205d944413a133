import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { sessionQuery } from './session';

/** Sets a new password from the e-mailed link; the server ends any session, so the cache does too. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { token: string; password: string }) => api.post<{ message: string }>('/api/auth/password-reset', input),
    onSuccess: () => queryClient.setQueryData(sessionQuery.queryKey, { user: null, csrfToken: null }),
  });
}
