import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SERIES_MESSAGES } from '@shared/api/series';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';
import { SERIES_KEY } from './get-series-list';

/** Deletes a series with its weeks (after the page's confirmation). */
export function useDeleteSeries(onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/series/${encodeURIComponent(id)}`),
    onSuccess: (_none, id) => {
      queryClient.removeQueries({ queryKey: [...SERIES_KEY, 'detail', id] });
      toast({ title: SERIES_MESSAGES.deleted });
      onDeleted();
    },
    onError: (err) => toast({ title: SERIES_MESSAGES.deleteFailed, description: err.message, variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...SERIES_KEY, 'list'] }),
  });
}
