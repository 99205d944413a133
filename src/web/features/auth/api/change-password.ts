import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@shared/api/auth';
import { api } from '@web/lib/api';

/**
 * The signed-in change, with the proof the server asks for (decision 0051): the current password,
 * or a fresh code from the app. Also clears password_reset_required on the profile.
 */
export const changePassword = (input: ChangePasswordInput) => api.post<{ message: string }>('/api/auth/password', input);

export function useChangePassword(options: UseMutationOptions<{ message: string }, Error, ChangePasswordInput> = {}) {
  return useMutation({ ...options, mutationFn: changePassword });
}
