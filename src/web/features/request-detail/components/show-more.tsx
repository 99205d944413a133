import { Button } from '@web/components/ui/button';
import type { DetailListState } from '../api/get-detail-page';

/** "Show more" under one of the drawer's lists while older entries exist (decision 0029). */
export function ShowMore({ list }: { list: DetailListState<unknown> }) {
  if (!list.hasMore) return null;
  return (
    <div className="mt-3 flex flex-col items-center gap-1">
      <Button variant="outline" size="sm" disabled={list.loading} aria-busy={list.loading} onClick={list.showMore}>
        {list.loading ? 'Loading...' : 'Show more'}
      </Button>
      {list.failed && (
        <p role="alert" className="text-xs text-red-700">
          Couldn&apos;t load more. Please try again.
        </p>
      )}
    </div>
  );
}
