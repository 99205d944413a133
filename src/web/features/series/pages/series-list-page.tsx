import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { SERIES_MESSAGES } from '@shared/api/series';
import { buttonClasses } from '@web/components/ui/button';
import { PageHeader } from '@web/components/ui/card';
import { EmptyState, ErrorState, LoadingState } from '@web/components/ui/states';
import { seriesListQuery } from '../api/get-series-list';
import { SeriesCard } from '../components/series-card';

/** /series 'Sermon Series' (guide/sunday-planning.md#sermon-series): the cards, newest start first, and New Series. */
export function Component() {
  const list = useQuery(seriesListQuery);
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <PageHeader title={SERIES_MESSAGES.title}>
        <Link to="/series/new" className={buttonClasses('primary')}>
          <Plus className="h-4 w-4" aria-hidden />
          {SERIES_MESSAGES.newSeries}
        </Link>
      </PageHeader>
      {list.isPending ? (
        <LoadingState label="Loading series..." />
      ) : list.isError ? (
        <ErrorState message={SERIES_MESSAGES.fetchFailed} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState>{SERIES_MESSAGES.empty}</EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {list.data.map((s) => (
            <SeriesCard key={s.id} series={s} />
          ))}
        </ul>
      )}
    </main>
  );
}
