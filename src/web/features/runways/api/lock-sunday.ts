import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SUNDAYS_MESSAGES, type LockSundayResult } from '@shared/api/sundays';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';

/** Lock Sunday: 'Sunday Locked!' or 'Error locking Sunday' with the server's message; every Sunday view reloads. */
export function useLockSunday(date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<LockSundayResult>(`/api/sundays/${date}/lock`),
    onSuccess: () => toast({ title: SUNDAYS_MESSAGES.locked }),
    onError: (err) => toast({ title: SUNDAYS_MESSAGES.lockFailed, description: err.message, variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['sundays'] }),
  });
}
