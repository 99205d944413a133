import { useMutation, useQueryClient } from '@tanstack/react-query';
import { APPROVAL_MESSAGES, type RejectItemBody } from '@shared/api/approvals';
import { toast } from '@web/components/ui/toaster';
import { api } from '@web/lib/api';

/** Approve a pending additional item. */
export function useApproveItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => api.post<unknown>(`/api/approvals/${itemId}/approve`),
    onSuccess: () => toast({ title: APPROVAL_MESSAGES.approved }),
    onError: (err) => toast({ title: APPROVAL_MESSAGES.approveFailed, description: err.message, variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['requests'] }),
  });
}

/** Reject a pending additional item with a preset reason or the text of 'Other'. */
export function useRejectItem(onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, ...body }: RejectItemBody & { itemId: string }) => api.post<unknown>(`/api/approvals/${itemId}/reject`, body),
    onSuccess: () => {
      toast({ title: APPROVAL_MESSAGES.rejected });
      onDone?.();
    },
    onError: (err) => toast({ title: APPROVAL_MESSAGES.rejectFailed, description: err.message, variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['requests'] }),
  });
}
