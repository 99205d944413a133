import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { SessionResponse } from '@shared/api/auth';
import { api, setCsrfToken } from '@web/lib/api';
import { sessionQuery } from './session';

export interface SignInInput {
  email: string;
  password: string;
}

export const signIn = (input: SignInInput) => api.post<SessionResponse>('/api/auth/sign-in', input);

/** Signs in and puts the answer straight into the session cache, so the guard sees the user at once. */
export function useSignIn({ onSuccess, ...options }: UseMutationOptions<SessionResponse, Error, SignInInput> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: signIn,
    onSuccess: async (...args) => {
      const [session] = args;
      setCsrfToken(session.csrfToken);
      queryClient.setQueryData(sessionQuery.queryKey, session);
      await onSuccess?.(...args);
    },
  });
}
