import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Enrollment } from '@shared/api/two-factor';
import { api } from '@web/lib/api';
import { sessionQuery } from '@web/features/auth';
import { twoFactorQuery } from './get-two-factor';

/** Starts the setup: a new secret and its QR code (nothing is on until a first code confirms it). */
export function useStartEnrollment() {
  return useMutation({ mutationFn: () => api.post<Enrollment>('/api/account/two-factor/enroll', {}) });
}

/**
 * Confirms the setup with a first code; answers the ten recovery codes, shown once. The session
 * is refetched: a person the admin setting confined to this page is free to go on.
 */
export function useConfirmEnrollment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<{ recoveryCodes: string[] }>('/api/account/two-factor/confirm', { code }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: twoFactorQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    },
  });
}
