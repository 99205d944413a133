import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@web/lib/query-client';
import { sessionQuery } from '@web/features/auth/api/session';
import { RootLayout } from './root-layout';

/**
 * The root route's lazy module (decision 0043): TanStack Query, the session and the guards. The
 * router fetches it beside the screen's own chunk, so the first page (React, React Router and the
 * route table) does not carry TanStack Query, which every screen's chunk uses anyway.
 */
const queryClient = createQueryClient();

// The session query takes over the request the entry started (early-session.ts) as soon as this
// chunk runs, not once the screen's chunk has arrived too (the router renders only when every
// matched route's module is loaded).
void queryClient.prefetchQuery(sessionQuery);

/** The root route's element: the query cache around the guard of every screen. */
export function Component() {
  return (
    <QueryClientProvider client={queryClient}>
      <RootLayout />
    </QueryClientProvider>
  );
}
