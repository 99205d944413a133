import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { toast } from '@web/components/ui/toaster';

/** Marks every unread notification of the user read; a failure is the spec's destructive toast. */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ updated: number }>('/api/notifications/read-all'),
    onError: () => toast({ title: 'Error', description: 'Could not mark all as read.', variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  });
}
