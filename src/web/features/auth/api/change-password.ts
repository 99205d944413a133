import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api';

/** The signed-in change: also clears password_reset_required on the profile. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (password: string) => api.post<{ message: string }>('/api/auth/password', { password }),
  });
}
