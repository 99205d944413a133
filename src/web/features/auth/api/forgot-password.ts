import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api';

/** Queues the reset e-mail; the server answers the same whether or not the address is known. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => api.post<{ message: string }>('/api/auth/forgot-password', { email }),
  });
}
