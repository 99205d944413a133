import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SERIES_MESSAGES, seriesSaveFailureTitle, type SeriesBody, type SeriesDetail } from '@shared/api/series';
import { toast } from '@web/components/ui/toast-store';
import { api, ApiError } from '@web/lib/api';
import { seriesQuery } from './get-series';
import { SERIES_KEY } from './get-series-list';

export interface SaveSeriesVars {
  /** null creates the series. */
  id: string | null;
  body: SeriesBody;
}

/**
 * Saves a series and its Weekly Breakdown in one call: 'Series saved successfully!', or the
 * spec's error toast for the part the server refused ('Error saving series weeks' when it names
 * a week, 'Error saving series' otherwise; decision 0017) carrying the server's message.
 */
export function useSaveSeries(onSaved: (series: SeriesDetail) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: SaveSeriesVars) =>
      id ? api.put<SeriesDetail>(`/api/series/${encodeURIComponent(id)}`, body) : api.post<SeriesDetail>('/api/series', body),
    onSuccess: (saved) => {
      queryClient.setQueryData(seriesQuery(saved.id).queryKey, saved);
      toast({ title: SERIES_MESSAGES.saved });
      onSaved(saved);
    },
    onError: (err) =>
      toast({
        title: seriesSaveFailureTitle(err instanceof ApiError ? err.fields : undefined),
        description: err.message,
        variant: 'destructive',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SERIES_KEY }),
  });
}
