import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionResponse } from '@shared/api/auth';
import { AUTH_MESSAGES } from '@shared/api/auth-messages';
import { api, setCsrfToken } from '@web/lib/api';
import { takeStartedSessionRequest } from './early-session';

export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: async () => {
    const session = await (takeStartedSessionRequest() ?? api.get<SessionResponse>('/api/auth/session'));
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

/**
 * The session as the web app leaves it after the person signs out. Sign-out navigates to /login
 * while the guard may render the signed-out session first, on the screen that was open; the mark
 * sends that render to /login too, so the two never race to different screens. A fetch of the
 * session from the server replaces it.
 */
export const SIGNED_OUT_SESSION = { user: null, csrfToken: null, signedOut: true } as const;

export function useCurrentUser() {
  const { data } = useSession();
  return data?.user ?? null;
}

/**
 * Why the person was just signed out, for the sign-in screen (guide/accounts-and-security.md#passwords): the profile
 * could not be fetched, or it was deactivated while they were signed in.
 */
export function useSessionNotice(): string | null {
  // Reads what the root layout fetched; never starts a fetch of its own.
  const { data, isError } = useQuery({ ...sessionQuery, enabled: false });
  if (isError) return AUTH_MESSAGES.profileFetchFailed;
  return data?.notice ?? null;
}

/** Whether the person has just signed out in this tab (SIGNED_OUT_SESSION). */
export function useJustSignedOut(): boolean {
  const { data } = useQuery({ ...sessionQuery, enabled: false });
  return !!data && 'signedOut' in data && data.signedOut === true;
}
