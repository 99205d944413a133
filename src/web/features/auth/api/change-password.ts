import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export const changePassword = (password: string) => api.post<{ message: string }>('/api/auth/password', { password });

/** The signed-in change: also clears password_reset_required on the profile. */
export function useChangePassword(options: UseMutationOptions<{ message: string }, Error, string> = {}) {
  return useMutation({ ...options, mutationFn: changePassword });
}
