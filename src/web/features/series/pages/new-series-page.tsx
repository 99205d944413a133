import { useNavigate } from 'react-router';
import { SERIES_MESSAGES } from '@shared/api/series';
import { PageHeader } from '@web/components/ui/card';
import { SeriesForm } from '../components/series-form';

/** /series/new: an empty series form with its Weekly Breakdown; after saving, back to the cards (decision 0017). */
export function Component() {
  const navigate = useNavigate();
  return (
    <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <PageHeader title={SERIES_MESSAGES.newSeries} />
      <SeriesForm series={null} onSaved={() => void navigate('/series')} />
    </main>
  );
}
