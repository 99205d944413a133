import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { CheckCheck } from 'lucide-react';
import { ACTIVITY_MESSAGES } from '@shared/api/notifications';
import { Button } from '@web/components/ui/button';
import { Card, PageHeader } from '@web/components/ui/card';
import { EmptyState, ErrorState, LoadingState } from '@web/components/ui/states';
import { allNotificationsQuery } from '../api/get-notifications';
import { unreadCountQuery } from '../api/get-unread-count';
import { useMarkAllRead } from '../api/mark-all-read';
import { useOpenNotification } from '../hooks/use-open-notification';
import { markAllFeedback } from './mark-all-feedback';
import { NotificationItem } from './notification-item';

/** Everyone below coordinator (guide/notifications-and-email.md#the-notifications-screen): their own notifications, newest first, a page at a time. */
export function MyNotifications() {
  const list = useInfiniteQuery(allNotificationsQuery);
  const count = useQuery(unreadCountQuery);
  const markAll = useMarkAllRead(markAllFeedback);
  const openNotification = useOpenNotification();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const unread = count.data?.count ?? 0;

  return (
    <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <PageHeader title={ACTIVITY_MESSAGES.myTitle}>
        <Button variant="outline" size="sm" onClick={() => markAll.mutate()} disabled={unread === 0 || markAll.isPending}>
          <CheckCheck className="h-4 w-4" aria-hidden />
          {ACTIVITY_MESSAGES.markAll}
        </Button>
      </PageHeader>
      <p className="-mt-4 mb-6 text-sm text-slate-600" aria-live="polite">
        {unread === 0 ? 'You are all caught up.' : `${unread}${count.data?.capped ? '+' : ''} unread`}
      </p>
      <Card className="overflow-hidden">
        {list.isPending ? (
          <LoadingState />
        ) : list.isError && items.length === 0 ? (
          <ErrorState message={ACTIVITY_MESSAGES.loadError} onRetry={() => void list.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState>No notifications yet.</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Notifications">
            {items.map((n) => (
              <li key={n.id}>
                <NotificationItem notification={n} onOpen={openNotification} />
              </li>
            ))}
          </ul>
        )}
      </Card>
      {list.isFetchNextPageError && (
        <p role="alert" className="mt-4 text-center text-sm text-red-700">
          {ACTIVITY_MESSAGES.loadError}
        </p>
      )}
      {list.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
    </main>
  );
}
