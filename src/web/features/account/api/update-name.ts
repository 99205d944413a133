import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionResponse } from '@shared/api/auth';
import { api } from '@web/lib/api';
import { sessionQuery } from '@web/features/auth';

/** Changes the person's own name; the answer is the session with the new name (the header shows it at once). */
export function useUpdateName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fullName: string) => api.put<SessionResponse>('/api/account/name', { fullName }),
    onSuccess: (session) => queryClient.setQueryData(sessionQuery.queryKey, session),
  });
}
