import { queryOptions } from '@tanstack/react-query';
import type { SeriesList } from '@shared/api/series';
import { api } from '@web/lib/api';

/** Every series query starts with 'series', so a 'series' event from the server reloads it live. */
export const SERIES_KEY = ['series'] as const;

/** The 'Sermon Series' cards, newest start first. */
export const seriesListQuery = queryOptions({
  queryKey: [...SERIES_KEY, 'list'],
  queryFn: async () => (await api.get<SeriesList>('/api/series')).items,
});
