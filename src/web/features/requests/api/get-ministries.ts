import { queryOptions } from '@tanstack/react-query';
import type { MinistryDto } from '@shared/api/requests';
import { api } from '@web/lib/api';

/** Every ministry, inactive ones too: old requests still name them (filter use). */
export const allMinistriesQuery = queryOptions({
  queryKey: ['ministries', 'all'],
  queryFn: () => api.get<MinistryDto[]>('/api/ministries?all=1'),
  staleTime: 5 * 60_000,
});
