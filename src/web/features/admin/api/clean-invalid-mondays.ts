import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HEALTH_MESSAGES, type CleanupResult } from '@shared/api/health';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';

/** Removes Sunday plans whose date is not a Sunday (after the confirm): 'Success!' with the count, or 'Error running cleanup'. */
export function useCleanInvalidMondays() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CleanupResult>('/api/admin/system-actions/clean-mondays'),
    onSuccess: (result) => {
      toast({ title: HEALTH_MESSAGES.success, description: result.message });
      void queryClient.invalidateQueries({ queryKey: ['sundays'] });
    },
    onError: (err) => toast({ title: HEALTH_MESSAGES.cleanupFailed, description: err.message, variant: 'destructive' }),
  });
}
