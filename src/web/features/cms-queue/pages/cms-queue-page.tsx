import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { CMS_QUEUE_MESSAGES, type CmsQueueItem } from '@shared/api/cms-queue';
import { dueInfo, dueLabel, formatDueDate } from '@shared/domain/tasks';
import { Button } from '@web/components/ui/button';
import { Card, PageHeader } from '@web/components/ui/card';
import { EmptyState, ErrorState, LoadingState } from '@web/components/ui/states';
import { useChannelLabel } from '@web/lib/church-config';
import { cmsQueueQuery } from '../api/get-cms-queue';
import { MarkPublishedDialog } from '../components/mark-published-dialog';

/**
 * /cms-queue 'CMS Queue' (guide/reports.md#the-cms-queue): approved web and e-mail items not yet published, oldest
 * due first, a page at a time, each with Mark Published. Live: the key starts with 'requests'.
 */
export function Component() {
  const queue = useInfiniteQuery(cmsQueueQuery);
  const [publishing, setPublishing] = useState<CmsQueueItem | null>(null);
  const items = queue.data?.pages.flatMap((p) => p.items) ?? [];
  const first = queue.data?.pages[0];

  return (
    <main className="px-4 py-8 sm:px-6">
      <PageHeader title={CMS_QUEUE_MESSAGES.title}>
        {first && <span className="text-sm text-slate-600">{first.total} waiting</span>}
      </PageHeader>
      <p className="-mt-4 mb-6 text-sm text-slate-600">{CMS_QUEUE_MESSAGES.intro}</p>
      {queue.isPending ? (
        <LoadingState label="Loading the CMS queue..." />
      ) : queue.isError ? (
        <ErrorState message={CMS_QUEUE_MESSAGES.fetchFailed} onRetry={() => void queue.refetch()} />
      ) : items.length === 0 ? (
        <Card>
          <EmptyState>{CMS_QUEUE_MESSAGES.empty}</EmptyState>
        </Card>
      ) : (
        <>
          <ul aria-label="Items waiting to be published" className="space-y-3">
            {items.map((item) => (
              <QueueRow key={item.id} item={item} today={first!.today} onPublish={() => setPublishing(item)} />
            ))}
          </ul>
          {queue.hasNextPage && (
            <div className="mt-4 flex justify-center">
              <Button variant="outline" onClick={() => void queue.fetchNextPage()} disabled={queue.isFetchingNextPage}>
                {CMS_QUEUE_MESSAGES.loadMore}
              </Button>
            </div>
          )}
        </>
      )}
      <MarkPublishedDialog item={publishing} today={first?.today ?? ''} onOpenChange={(open) => !open && setPublishing(null)} />
    </main>
  );
}

function QueueRow({ item, today, onPublish }: { item: CmsQueueItem; today: string; onPublish: () => void }) {
  const channel = useChannelLabel()(item.channel);
  const label = item.dueDate ? dueLabel(dueInfo(item.dueDate, today, 'in_progress')) : null;
  return (
    <li>
      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">
            <Link to={`/request/${item.requestId}`} className="hover:underline focus-visible:underline">
              {item.eventTitle}
            </Link>
          </p>
          <p className="text-sm text-slate-700">{channel}</p>
          <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-600">
            <span>{item.dueDate ? `Due ${formatDueDate(item.dueDate)}` : 'No due date'}</span>
            {label && <span className={label.startsWith('Overdue') ? 'font-medium text-red-700' : 'text-orange-700'}>{label}</span>}
            {item.ministryName && <span>{item.ministryName}</span>}
            <span>{item.assigneeName ?? 'Unassigned'}</span>
          </p>
        </div>
        <Button onClick={onPublish} aria-label={`${CMS_QUEUE_MESSAGES.markPublished}: ${channel} for ${item.eventTitle}`}>
          {CMS_QUEUE_MESSAGES.markPublished}
        </Button>
      </Card>
    </li>
  );
}
