import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionResponse } from '@shared/api/auth';
import { api, setCsrfToken } from '@web/lib/api';

export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: async () => {
    const session = await api.get<SessionResponse>('/api/auth/session');
    setCsrfToken(session.csrfToken);
    return session;
  },
  staleTime: 60_000,
  retry: 1,
});

/** The signed-in user, or null; `isPending` while the session loads. */
export function useSession() {
  return useQuery(sessionQuery);
}

export function useCurrentUser() {
  const { data } = useSession();
  return data?.user ?? null;
}
