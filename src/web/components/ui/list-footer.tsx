import type { ListCount } from '@shared/api/requests';
import { Button } from './button';

/** A capped count as people read it: "12", or "200+" when counting stopped at the cap. */
export function countLabel(total: ListCount, shown = 0): string {
  if (!total.more) return String(total.count);
  return `${Math.max(total.count, shown)}+`;
}

interface Props {
  /** Rows on screen so far. */
  shown: number;
  /** The first page's capped count (decision 0025); null while unknown. */
  total: ListCount | null | undefined;
  /** What the rows are, plural: "requests", "events". */
  noun: string;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
}

/**
 * Under a list read a keyset page at a time: how many of how many are shown, and a real "Load more"
 * button while there is a next page. Nothing at all when everything is on screen.
 */
export function ListFooter({ shown, total, noun, hasNextPage, isFetchingNextPage, onLoadMore }: Props) {
  if (!hasNextPage) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 px-4 py-2">
      <p className="text-xs text-slate-500" aria-live="polite">
        Showing {shown} of {total ? countLabel(total, shown) : `${shown}+`} {noun}
      </p>
      <Button variant="outline" size="sm" onClick={onLoadMore} disabled={isFetchingNextPage} aria-busy={isFetchingNextPage}>
        {isFetchingNextPage ? 'Loading...' : 'Load more'}
      </Button>
    </div>
  );
}
