import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HEALTH_MESSAGES, type HealthRun } from '@shared/api/health';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';
import { HEALTH_KEY } from './get-health-log';

/** Runs the audit now: 'Health Check Complete!' with the score, or 'Error running health check'. */
export function useRunHealthCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<HealthRun>('/api/admin/system-health/run'),
    onSuccess: (run) => toast({ title: HEALTH_MESSAGES.checkComplete, description: `Score ${run.score}% over ${run.checks} checks.` }),
    onError: (err) => toast({ title: HEALTH_MESSAGES.runFailed, description: err.message, variant: 'destructive' }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: HEALTH_KEY });
      // The runways dashboard's System Health button shows the score too.
      void queryClient.invalidateQueries({ queryKey: ['sundays', 'dashboard'] });
    },
  });
}
