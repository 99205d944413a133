import { queryOptions } from '@tanstack/react-query';
import type { MinistryDto } from '@shared/api/requests';
import { api } from './api';

/** Ministries are reference data used by several features; one query each, shared cache. */

/** Every ministry, inactive ones too: older requests still name them (list filters). */
export const allMinistriesQuery = queryOptions({
  queryKey: ['ministries', 'all'],
  queryFn: () => api.get<MinistryDto[]>('/api/ministries?all=1'),
  staleTime: 5 * 60_000,
});

/** Active ministries only: the new-request form offers no inactive ones (spec 001 section 5). */
export const activeMinistriesQuery = queryOptions({
  queryKey: ['ministries', 'active'],
  queryFn: () => api.get<MinistryDto[]>('/api/ministries'),
  staleTime: 5 * 60_000,
});
