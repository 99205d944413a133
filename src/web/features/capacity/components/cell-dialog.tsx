import * as Dialog from '@radix-ui/react-dialog';
import { useInfiniteQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { Link } from 'react-router';
import { CAPACITY_MESSAGES } from '@shared/api/capacity';
import { loadText } from '@shared/domain/capacity';
import { drawerPath } from '@shared/domain/drawer-path';
import { formatDueDate } from '@shared/domain/tasks';
import { Button } from '@web/components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '@web/components/ui/states';
import { capacityCellQuery } from '../api/get-capacity';

export interface OpenCell {
  channel: string;
  label: string;
  week: string;
}

/**
 * The requests booking one channel's week (guide: requests.md#channel-capacity): each opens its
 * request's drawer on the item, so the coordinator can resolve an over-full week by choice, never
 * automatically.
 */
export function CellDialog({ cell, onClose }: { cell: OpenCell | null; onClose: () => void }) {
  return (
    <Dialog.Root open={!!cell} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-[61] max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl">
          <div className="flex items-start justify-between gap-2">
            <Dialog.Title className="text-lg font-semibold">
              {cell ? `${cell.label}, week of ${formatDueDate(cell.week)}` : ''}
            </Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="sm" aria-label="Close">
                <X className="h-4 w-4" aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            The requests that book this week. A higher tier takes a full week only when you reject or move another request.
          </Dialog.Description>
          {cell && <CellRequests cell={cell} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function CellRequests({ cell }: { cell: OpenCell }) {
  const query = useInfiniteQuery(capacityCellQuery(cell.channel, cell.week));
  if (query.isPending) return <LoadingState label="Loading the requests..." />;
  if (query.isError) return <ErrorState message={CAPACITY_MESSAGES.cellFailed} onRetry={() => void query.refetch()} />;
  const first = query.data.pages[0];
  const items = query.data.pages.flatMap((p) => p.items);
  return (
    <div className="mt-4 space-y-3">
      <p className="text-sm font-medium text-slate-800">Booked {loadText(first.booked, first.capacity)}</p>
      {items.length === 0 ? (
        <EmptyState>{CAPACITY_MESSAGES.cellEmpty}</EmptyState>
      ) : (
        <ul aria-label="Requests booking this week" className="divide-y divide-slate-100 rounded-md border border-slate-200">
          {items.map((item) => (
            <li key={item.itemId} className="p-3 text-sm">
              <Link to={drawerPath(item.requestId, item.itemId)} className="font-medium text-blue-700 underline-offset-2 hover:underline">
                {item.eventTitle}
              </Link>
              <p className="mt-0.5 text-xs text-slate-600">
                {[
                  item.tier && `Tier ${item.tier}`,
                  item.eventStartDate && `Event ${formatDueDate(item.eventStartDate)}`,
                  item.dueDate && `Due ${formatDueDate(item.dueDate)}`,
                  item.isAdditionalRequest && item.additionalRequestStatus === 'pending' && 'Waiting for approval',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          Load more
        </Button>
      )}
    </div>
  );
}
