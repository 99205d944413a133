import { queryOptions } from '@tanstack/react-query';
import type { Accountability } from '@shared/api/accountability';
import { api } from '@web/lib/api';

/** Every number of the page, computed by the server; the key starts with 'requests' so item and request changes reload it. */
export const accountabilityQuery = queryOptions({
  queryKey: ['requests', 'accountability'] as const,
  queryFn: () => api.get<Accountability>('/api/accountability'),
});
