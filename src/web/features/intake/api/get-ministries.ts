import { queryOptions } from '@tanstack/react-query';
import type { MinistryDto } from '@shared/api/requests';
import { api } from '@web/lib/api';

/** Every ministry for the filter, inactive ones too: older requests still name them. */
export const ministriesFilterQuery = queryOptions({
  queryKey: ['ministries', 'all'],
  queryFn: () => api.get<MinistryDto[]>('/api/ministries?all=1'),
  staleTime: 5 * 60_000,
});
