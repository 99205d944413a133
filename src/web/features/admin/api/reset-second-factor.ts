import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TWO_FACTOR_MESSAGES as M } from '@shared/api/two-factor';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';

/** An admin resets a person's two-step verification (a lost phone); their sessions end. */
export function useResetSecondFactor(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<{ ok: true }>(`/api/admin/users/${id}/reset-second-factor`, {}),
    onSuccess: () => {
      toast({ title: M.reset });
      onDone();
    },
    onError: (err) => toast({ title: `Could not reset two-step verification: ${err.message}`, variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['users', 'admin'] }),
  });
}
