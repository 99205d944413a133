import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RevealResponse } from '@shared/api/outbox';
import { api } from '@web/lib/api';

/**
 * Reveals an invitation's temporary password once; the outbox list is refetched (it can no longer be
 * revealed). A refusal is said in the confirmation, which stays open with it (ConfirmDialog).
 */
export function useRevealOutboxPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<RevealResponse>(`/api/admin/outbox/${id}/reveal`, {}),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['outbox'] }),
  });
}
