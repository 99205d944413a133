import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RUNWAY_SETUP_MESSAGES, type SetupChange } from '@shared/api/runway-setup';
import { toast } from '@web/components/ui/toast-store';

/**
 * A change of runway set-up: on success every Sunday view reloads (the change reached the window);
 * a refusal keeps the form as it is and says why (field errors are the caller's to show). The
 * reload goes on in the background: the mutation is done when the server has answered, so a form
 * that empties itself after a save does so at once, not over what the person typed next.
 */
export function useSetupMutation<V>(send: (vars: V) => Promise<SetupChange>, saved: string = RUNWAY_SETUP_MESSAGES.saved) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => toast({ title: saved }),
    onError: (err) => toast({ title: RUNWAY_SETUP_MESSAGES.saveFailed, description: err.message, variant: 'destructive' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['sundays'] }),
  });
}
