import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DRAWER_MESSAGES, successToast } from '@shared/api/request-detail';
import { toast } from '@web/components/ui/toaster';

export interface DrawerMutationOptions<TResult> {
  /** Names the success toast: '{action} successful!' (spec 001 section 8). */
  action: string;
  /** 'Update failed' for changes, 'Creation failed' for new rows (spec 001 section 8). */
  failure?: string;
  onSuccess?: (result: TResult) => void;
  /** The action removes what the drawer shows (delete): leave first, then reload the lists. */
  leaves?: boolean;
}

/**
 * Every drawer action: run the call, toast the spec's success or failure text (with the server's
 * reason), and reload everything request-related so lists and the drawer agree.
 */
export function useDrawerMutation<TVars, TResult>(
  fn: (vars: TVars) => Promise<TResult>,
  { action, failure = DRAWER_MESSAGES.updateFailed, onSuccess, leaves = false }: DrawerMutationOptions<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // Reload first, so controls stay disabled until they show the saved values and new version.
    onSuccess: async (result) => {
      if (!leaves) await queryClient.invalidateQueries({ queryKey: ['requests'] });
      toast({ title: successToast(action) });
      onSuccess?.(result);
      if (leaves) await queryClient.invalidateQueries({ queryKey: ['requests'], refetchType: 'none' });
    },
    onError: (err) => {
      toast({ title: failure, description: err instanceof Error ? err.message : undefined, variant: 'destructive' });
    },
  });
}
