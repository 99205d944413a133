import type { ChurchConfigResponse } from '@shared/api/church-config';
import type { SessionResponse } from '@shared/api/auth';
import { DEMO_CHANNELS, DEMO_CHURCH, DEMO_TIERS } from '@shared/domain/church-config';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { Toaster } from '@web/components/ui/toaster';
import { dismissToast } from '@web/components/ui/toast-store';
import { sessionQuery } from '@web/features/auth';
import { churchConfigQuery } from '@web/lib/church-config';

/** Helpers of the web's component tests: a stand-in for the API, and the providers a screen needs. */

/** One answer of the stand-in API: the status (200 unless said) and the JSON body (none unless said). */
export interface Answer {
  status?: number;
  body?: unknown;
}
/**
 * Answers one request from its JSON body, its URL and the values of its route's `:name` segments;
 * an answer may wait (a promise), to show what the screen does while a request is on its way.
 * A handler that throws (or whose promise rejects) is a network failure: `fetch` rejects with its error.
 */
export type Handler = (body: unknown, url: string, params: Record<string, string>) => Answer | Promise<Answer>;
export interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** An answer in the API's error shape. */
export const apiError = (status: number, code: string, message: string): Answer => ({ status, body: { error: { code, message } } });

/** The values of `route`'s `:name` segments when `path` is that route, else null. */
function routeParams(route: string, path: string): Record<string, string> | null {
  const want = route.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of want.entries()) {
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(got[i]);
    else if (segment !== got[i]) return null;
  }
  return params;
}

function answerFor(handlers: Record<string, Handler | Answer>, call: Call): Answer | Promise<Answer> {
  const path = call.url.split('?')[0];
  for (const [key, handler] of Object.entries(handlers)) {
    const [method, route] = key.split(' ');
    const params = method === call.method ? routeParams(route, path) : null;
    if (params) return typeof handler === 'function' ? handler(call.body, call.url, params) : handler;
  }
  // Reference data every screen may read: the demo church's configuration unless a handler answers it.
  if (call.method === 'GET' && path === '/api/church-config') return { body: DEMO_CONFIG };
  return apiError(404, 'not_found', `No handler for ${call.method} ${path}`);
}

/**
 * Puts in place of `fetch` an API that answers `METHOD /path` (a `:name` segment matches any one
 * segment; the query string is ignored) from the handlers, the first that matches, the church's
 * configuration (GET /api/church-config) as the demo church's when no handler answers it, and 404
 * to any other request; it records every call. `vi.unstubAllGlobals()` takes it away.
 */
export function mockFetch(handlers: Record<string, Handler | Answer>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = {
      method: init.method ?? 'GET',
      url: String(input),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const answer = await answerFor(handlers, call);
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    /** The calls of one method to one path, in order. */
    sent: (method: string, path: string) => calls.filter((c) => c.method === method && c.url.split('?')[0] === path),
  };
}

/**
 * A query client for one test: no retries (a refused read fails at once), and nothing cached but the
 * church's configuration, the reference data the app reads once (the demo church's unless given;
 * null leaves it to be fetched).
 */
export function testQueryClient({
  churchConfig = DEMO_CONFIG,
  session,
}: {
  churchConfig?: ChurchConfigResponse | null;
  /** The session the app has read (GET /api/auth/session), when the screen asks who is signed in. */
  session?: SessionResponse;
} = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (churchConfig) client.setQueryData(churchConfigQuery.queryKey, churchConfig);
  if (session) client.setQueryData(sessionQuery.queryKey, session);
  return client;
}

/**
 * Renders `ui` with a query client (a fresh one unless given), inside a memory router at `route`
 * when given (a screen with links or the address's parameters), and, when asked, the toaster.
 * Answers Testing Library's render result with the `client`.
 *
 * The toaster starts empty: the toast store lives as long as the module, so an earlier test's
 * last toast would otherwise show again here, and a screen's words found in it instead.
 */
export function renderWithClient(
  ui: ReactNode,
  { client = testQueryClient(), toaster = false, route }: { client?: QueryClient; toaster?: boolean; route?: string } = {},
) {
  if (toaster) dismissToast();
  const result = render(
    <QueryClientProvider client={client}>
      {route === undefined ? ui : <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>}
      {toaster && <Toaster />}
    </QueryClientProvider>,
  );
  return { ...result, client };
}

/** A hook under test with a query client (a fresh one unless given), as `renderWithClient` renders a screen. */
export function renderHookWithClient<Result>(hook: () => Result, { client = testQueryClient() }: { client?: QueryClient } = {}) {
  const result = renderHook(hook, {
    wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
  });
  return { ...result, client };
}

/** Radix measures its popper content and jsdom has no layout: a ResizeObserver that does nothing (for a `beforeAll`). */
export function stubResizeObserver(): void {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

/** The demo church's configuration as GET /api/church-config answers it (decision 0056). */
export const DEMO_CONFIG: ChurchConfigResponse = {
  church: { ...DEMO_CHURCH, effectiveTimeZone: 'America/New_York' },
  tiers: DEMO_TIERS,
  channels: DEMO_CHANNELS,
};
