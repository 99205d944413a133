import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, ApiError, setCsrfToken } from '@web/lib/api';
import { SIGNED_OUT_SESSION, sessionQuery } from './session';

/** An answer of 401 or 404 means there was no session left to end (guide/accounts-and-security.md#sessions): success. */
export async function signOut(): Promise<void> {
  try {
    await api.post('/api/auth/sign-out', { scope: 'local' });
  } catch (err) {
    if (!(err instanceof ApiError && (err.status === 401 || err.status === 404))) throw err;
  }
}

/**
 * Ends the session, drops every cached answer (they belong to the previous user), marks the
 * session signed out and goes to /login.
 */
export function useSignOut({ onSettled, ...options }: UseMutationOptions<void, Error, void> = {}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    ...options,
    mutationFn: signOut,
    onSettled: async (...args) => {
      setCsrfToken(null);
      queryClient.clear();
      queryClient.setQueryData(sessionQuery.queryKey, SIGNED_OUT_SESSION);
      void navigate('/login');
      await onSettled?.(...args);
    },
  });
}
