import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { sessionQuery } from '@web/features/auth';
import { twoFactorQuery } from './get-two-factor';

/** Turns two-step verification off with a current code from the app. */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<{ ok: true }>('/api/account/two-factor/disable', { code }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: twoFactorQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    },
  });
}
