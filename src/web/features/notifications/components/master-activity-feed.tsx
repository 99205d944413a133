import { useInfiniteQuery } from '@tanstack/react-query';
import { ACTIVITY_MESSAGES } from '@shared/api/notifications';
import { Button } from '@web/components/ui/button';
import { Card, PageHeader } from '@web/components/ui/card';
import { EmptyState, ErrorState, LoadingState } from '@web/components/ui/states';
import { activityFeedQuery } from '../api/get-activity-feed';
import { ActivityEntryRow } from './activity-entry';

/** Admin and coordinator (guide/notifications-and-email.md#the-notifications-screen): everyone's notifications and all request messages, live. */
export function MasterActivityFeed() {
  const feed = useInfiniteQuery(activityFeedQuery);
  const items = feed.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <PageHeader title={ACTIVITY_MESSAGES.masterTitle} />
      <p className="-mt-4 mb-6 text-sm text-slate-600">Notifications and request messages across the team, newest first.</p>
      <Card className="overflow-hidden">
        {feed.isPending ? (
          <LoadingState />
        ) : feed.isError && items.length === 0 ? (
          <ErrorState message={ACTIVITY_MESSAGES.loadError} onRetry={() => void feed.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState>No activity yet.</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Activity">
            {items.map((entry) => (
              <li key={`${entry.kind}:${entry.id}`}>
                <ActivityEntryRow entry={entry} />
              </li>
            ))}
          </ul>
        )}
      </Card>
      {feed.isFetchNextPageError && (
        <p role="alert" className="mt-4 text-center text-sm text-red-700">
          {ACTIVITY_MESSAGES.loadError}
        </p>
      )}
      {feed.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" onClick={() => void feed.fetchNextPage()} disabled={feed.isFetchingNextPage}>
            {feed.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
    </main>
  );
}
