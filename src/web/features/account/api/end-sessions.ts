import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';
import { accountSessionsQuery } from './get-sessions';

/** Ends one other session (that browser is signed out). */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(`/api/account/sessions/${id}`),
    onSuccess: () => toast({ title: 'Session ended.' }),
    onError: (err) => toast({ title: 'Could not end the session.', description: err.message, variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsQuery.queryKey }),
  });
}

/** "Sign out all other sessions" (the sign-out scope `others`). */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ ok: true }>('/api/account/sessions/end-others', {}),
    onSuccess: () => toast({ title: 'Signed out of all other sessions.' }),
    onError: (err) => toast({ title: 'Could not sign out the other sessions.', description: err.message, variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsQuery.queryKey }),
  });
}
