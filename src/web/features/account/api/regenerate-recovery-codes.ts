import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { twoFactorQuery } from './get-two-factor';

/** Ten new recovery codes in place of the old ones, after a fresh code from the app (decision 0051). */
export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<{ recoveryCodes: string[] }>('/api/account/two-factor/recovery-codes', { code }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: twoFactorQuery.queryKey }),
  });
}
