import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionResponse } from '@shared/api/auth';
import type { VerifyInput } from '@shared/api/two-factor';
import { api, setCsrfToken } from '@web/lib/api';
import { sessionQuery } from './session';

/** The sign-in's second step: a code or a recovery code raises the session to aal2. */
export function useVerifySecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VerifyInput) => api.post<SessionResponse>('/api/auth/second-factor', input),
    onSuccess: (session) => {
      setCsrfToken(session.csrfToken);
      queryClient.setQueryData(sessionQuery.queryKey, session);
    },
  });
}
