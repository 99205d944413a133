import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@web/lib/query-client';
import { RootLayout } from './root-layout';

/**
 * The root route's lazy module (decision 0043): TanStack Query, the session and the guards. The
 * router fetches it beside the screen's own chunk, so the first page (React, React Router and the
 * route table) does not carry TanStack Query, which every screen's chunk uses anyway.
 */
// The session is already on its way: the entry asked for it (early-session.ts), and the root
// layout's session query takes that request when it first renders.
const queryClient = createQueryClient();

/** The root route's element: the query cache around the guard of every screen. */
export function Component() {
  return (
    <QueryClientProvider client={queryClient}>
      <RootLayout />
    </QueryClientProvider>
  );
}
