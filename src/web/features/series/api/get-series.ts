import { queryOptions } from '@tanstack/react-query';
import type { SeriesDetail } from '@shared/api/series';
import { api } from '@web/lib/api';
import { SERIES_KEY } from './get-series-list';

/** One series with its weeks in date order. A missing series is an error, not worth retrying. */
export const seriesQuery = (id: string) =>
  queryOptions({
    queryKey: [...SERIES_KEY, 'detail', id],
    queryFn: () => api.get<SeriesDetail>(`/api/series/${encodeURIComponent(id)}`),
    retry: false,
  });
