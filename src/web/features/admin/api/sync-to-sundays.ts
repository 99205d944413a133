import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HEALTH_MESSAGES, type SyncResult } from '@shared/api/health';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';

/** Makes the next six Sundays' runway plans with their requirement items: 'Success!' saying how many were created. */
export function useSyncToSundays() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<SyncResult>('/api/admin/system-actions/sync-sundays'),
    onSuccess: (result) => {
      toast({ title: HEALTH_MESSAGES.success, description: result.message });
      void queryClient.invalidateQueries({ queryKey: ['sundays'] });
    },
    onError: (err) => toast({ title: HEALTH_MESSAGES.syncFailed, description: err.message, variant: 'destructive' }),
  });
}
