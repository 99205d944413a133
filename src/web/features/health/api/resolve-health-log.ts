import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HEALTH_MESSAGES, type HealthLogEntry } from '@shared/api/health';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';
import { HEALTH_KEY } from './get-health-log';

/** Marks a Warning or Failed log resolved: 'Log marked as resolved' or 'Error marking as resolved'. */
export function useResolveHealthLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<HealthLogEntry>(`/api/admin/system-health/${id}/resolve`),
    onSuccess: () => toast({ title: HEALTH_MESSAGES.resolved }),
    onError: (err) => toast({ title: HEALTH_MESSAGES.resolveFailed, description: err.message, variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: HEALTH_KEY }),
  });
}
