import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { SERIES_MESSAGES } from '@shared/api/series';
import { PageHeader } from '@web/components/ui/card';
import { LoadingState } from '@web/components/ui/states';
import { toast } from '@web/components/ui/toast-store';
import { useDeleteSeries } from '../api/delete-series';
import { seriesQuery } from '../api/get-series';
import { SeriesBadgeChip } from '../components/series-card';
import { DeleteSeriesDialog } from '../components/delete-series-dialog';
import { SeriesForm } from '../components/series-form';

/**
 * /series/{id}: the series form filled from the server. A series that cannot be read toasts
 * 'Error fetching series data' and returns to /series (guide/sunday-planning.md#sermon-series).
 */
export function Component() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  // Always read afresh on arrival: a copy cached within the stale time (say, the answer of the
  // save that just brought us here by way of /series) would otherwise never count as this visit's.
  const series = useQuery({ ...seriesQuery(id), refetchOnMount: 'always' });
  // Once deleted, the form (unsaved edits and all) is let go, then the page leaves for the cards.
  const [deleted, setDeleted] = useState(false);
  const remove = useDeleteSeries(() => setDeleted(true));
  useEffect(() => {
    if (deleted) void navigate('/series');
  }, [deleted, navigate]);

  useEffect(() => {
    if (!series.isError || deleted) return;
    toast({ title: SERIES_MESSAGES.fetchOneFailed, description: series.error.message, variant: 'destructive' });
    void navigate('/series', { replace: true });
  }, [series.isError, series.error, navigate, deleted]);

  // The form is filled once, so it waits for this visit's own read rather than a cached copy
  // that may predate the last save.
  if (!series.data || !series.isFetchedAfterMount) {
    return (
      <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
        <LoadingState label="Loading series..." />
      </main>
    );
  }
  const data = series.data;
  return (
    <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <PageHeader title={data.title}>
        <SeriesBadgeChip badge={data.badge} />
        <DeleteSeriesDialog title={data.title} pending={remove.isPending} onConfirm={() => remove.mutate(data.id)} />
      </PageHeader>
      {/* Keyed by id: another series gets a fresh form; live reloads of this one never reset typed text. */}
      <SeriesForm key={data.id} series={data} abandoned={deleted} onSaved={() => void navigate('/series')} />
    </main>
  );
}
