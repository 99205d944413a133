import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OutboxEmail } from '@shared/api/outbox';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';

/** Sends a failed e-mail again now; the outbox and its counts are refetched. */
export function useResendOutboxEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<OutboxEmail>(`/api/admin/outbox/${id}/resend`, {}),
    onSuccess: (email) => toast({ title: 'E-mail queued again', description: `It is sent to ${email.recipient} on the next round.` }),
    onError: (err) => toast({ title: 'Could not resend the e-mail', description: err.message, variant: 'destructive' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['outbox'] }),
  });
}
