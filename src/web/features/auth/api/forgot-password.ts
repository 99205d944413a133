import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export const forgotPassword = (email: string) => api.post<{ message: string }>('/api/auth/forgot-password', { email });

/** Queues the reset e-mail; the server answers the same whether or not the address is known. */
export function useForgotPassword(options: UseMutationOptions<{ message: string }, Error, string> = {}) {
  return useMutation({ ...options, mutationFn: forgotPassword });
}
