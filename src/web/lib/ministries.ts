import { queryOptions } from '@tanstack/react-query';
import type { MinistryDto } from '@shared/api/requests';
import { api } from './api';

/** Ministries are reference data used by several features; one query each, shared cache. */

/** Active ministries only: the new-request form (guide/requests.md#submission-rules) and the list filters offer no archived ones. */
export const activeMinistriesQuery = queryOptions({
  queryKey: ['ministries', 'active'],
  queryFn: () => api.get<MinistryDto[]>('/api/ministries'),
  staleTime: 5 * 60_000,
});
