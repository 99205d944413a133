import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SUNDAYS_MESSAGES, type UnlockSundayResult } from '@shared/api/sundays';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';

/** Unlock Sunday (admins): logged with the Sunday; every Sunday view reloads. */
export function useUnlockSunday(date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<UnlockSundayResult>(`/api/sundays/${date}/unlock`),
    onSuccess: () => toast({ title: SUNDAYS_MESSAGES.unlocked }),
    onError: (err) => toast({ title: SUNDAYS_MESSAGES.unlockFailed, description: err.message, variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['sundays'] }),
  });
}
