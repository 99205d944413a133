import type { SessionResponse } from '@shared/api/auth';
import { api } from '@web/lib/api';

/**
 * The session request the entry starts before any chunk of the app has arrived (decision 0043):
 * the guard needs the session on every screen, and without this it was asked for only once the
 * router had loaded the screen's chunk and rendered. Kept apart from `session.ts`, which brings
 * TanStack Query, so that the first page does not.
 */
let started: Promise<SessionResponse> | null = null;

export function startSessionRequest(): void {
  started = api.get<SessionResponse>('/api/auth/session');
  // A failure is the session query's to report when it takes the request; never unhandled here.
  started.catch(() => undefined);
}

/** The request the entry started, once: every later read of the session fetches it afresh. */
export function takeStartedSessionRequest(): Promise<SessionResponse> | null {
  const request = started;
  started = null;
  return request;
}
