import { queryOptions } from '@tanstack/react-query';
import type { MinistryDto } from '@shared/api/requests';
import { api } from '@web/lib/api';

/** Active ministries only: the form offers no inactive ones (spec 001 section 5). */
export const activeMinistriesQuery = queryOptions({
  queryKey: ['ministries', 'active'],
  queryFn: () => api.get<MinistryDto[]>('/api/ministries'),
  staleTime: 5 * 60_000,
});
