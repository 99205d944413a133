import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RevealResponse } from '@shared/api/outbox';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';

/** Reveals an invitation's temporary password once; the outbox list is refetched (it can no longer be revealed). */
export function useRevealOutboxPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<RevealResponse>(`/api/admin/outbox/${id}/reveal`, {}),
    onError: (err) => toast({ title: 'Could not show the password', description: err.message, variant: 'destructive' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['outbox'] }),
  });
}
