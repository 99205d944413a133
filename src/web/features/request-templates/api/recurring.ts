import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { RECURRING_MESSAGES as M, type RecurringBody, type RecurringList } from '@shared/api/recurring-requests';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';

/** GET /api/recurring-requests: the person's recurring requests. */
export const recurringQuery = queryOptions({
  queryKey: ['recurring-requests'],
  queryFn: () => api.get<RecurringList>('/api/recurring-requests'),
});

export function useCreateRecurring() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecurringBody) => api.post<{ id: string }>('/api/recurring-requests', body),
    onSuccess: () => toast({ title: M.saved }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['recurring-requests'] }),
  });
}

const DONE = { pause: M.paused, resume: M.resumed, end: M.endedToast } as const;

export function useRecurringAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: keyof typeof DONE }) =>
      api.post<{ id: string }>(`/api/recurring-requests/${id}/${action}`, {}),
    onSuccess: (_data, { action }) => toast({ title: DONE[action] }),
    onError: (err) => toast({ title: 'Could not change the recurring request', description: err.message, variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['recurring-requests'] }),
  });
}
