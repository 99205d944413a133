import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SUNDAY_MEDIA_MESSAGES } from '@shared/api/sunday-media';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';

/** Lock Sunday (spec 002 section 2; the route is the Sunday plans' own): 'Sunday Locked!' or 'Error locking Sunday'. */
export function useLockSunday(sundayDate: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<unknown>(`/api/sundays/${sundayDate}/lock`, {}),
    onSuccess: () => toast({ title: SUNDAY_MEDIA_MESSAGES.sundayLocked }),
    onError: (err) => toast({ title: SUNDAY_MEDIA_MESSAGES.errorLocking, description: err.message, variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['sundays'] }),
  });
}
