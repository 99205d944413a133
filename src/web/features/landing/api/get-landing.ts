import { queryOptions } from '@tanstack/react-query';
import type { LandingResponse } from '@shared/api/landing';
import { api } from '@web/lib/api';

/** The landing content (defaults already merged by the server) and the active FAQs in order. */
export const landingQuery = queryOptions({
  queryKey: ['landing'],
  queryFn: () => api.get<LandingResponse>('/api/landing'),
  // Always read afresh: an admin's save must show on the next visit (visitors have no live stream).
  staleTime: 0,
});
