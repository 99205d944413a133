import { queryOptions } from '@tanstack/react-query';
import type { SeriesOwner } from '@shared/api/series';
import { api } from '@web/lib/api';
import { SERIES_KEY } from './get-series-list';

/** The owner picker: active admins, coordinators, creatives and approvers. */
export const seriesOwnersQuery = queryOptions({
  queryKey: [...SERIES_KEY, 'owners'],
  queryFn: async () => (await api.get<{ items: SeriesOwner[] }>('/api/series/owners')).items,
  staleTime: 5 * 60_000,
});
