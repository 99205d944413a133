import * as Popover from '@radix-ui/react-popover';
import { useQuery } from '@tanstack/react-query';
import { Bell, CheckCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { badgeCount } from '@shared/domain/constants';
import { latestNotificationsQuery } from '../api/get-notifications';
import { unreadCountQuery } from '../api/get-unread-count';
import { useMarkAllRead } from '../api/mark-all-read';
import { markAllFeedback } from './mark-all-feedback';
import { useOpenNotification } from '../hooks/use-open-notification';
import { NotificationItem } from './notification-item';

/** Fetch failures of the bell are logged only, never shown (guide/notifications-and-email.md#the-bell). */
function useLogError(error: Error | null, what: string) {
  useEffect(() => {
    if (error) console.error(`Could not load ${what}`, error);
  }, [error, what]);
}

/**
 * The notifications bell (guide/notifications-and-email.md#the-bell): unread badge ("99+" above 99), the 5 latest
 * with relative times, "Mark all read" and "View All Notifications". Both queries live under the
 * 'notifications' key, so the realtime stream refreshes them on any change.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const count = useQuery(unreadCountQuery);
  const latest = useQuery(latestNotificationsQuery);
  const markAll = useMarkAllRead(markAllFeedback);
  const openNotification = useOpenNotification(() => setOpen(false));
  useLogError(count.error, 'the unread notification count');
  useLogError(latest.error, 'the latest notifications');

  const unread = count.data?.count ?? 0;
  const items = latest.data?.items ?? [];

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      {/* Named by its content, not aria-label, so the name never disagrees with the visible badge. */}
      <Popover.Trigger asChild>
        <button
          type="button"
          className="relative inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 data-[state=open]:bg-slate-100"
        >
          <Bell className="h-5 w-5" aria-hidden />
          <span className="sr-only">{unread > 0 ? `Notifications ${badgeCount(unread)} unread` : 'Notifications'}</span>
          {unread > 0 && (
            <span
              aria-hidden
              data-testid="bell-badge"
              className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-semibold leading-none text-white ring-2 ring-white"
            >
              {badgeCount(unread)}
            </span>
          )}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-50 w-[min(24rem,calc(100vw-1rem))] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg outline-none"
        >
          <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
            <h2 className="text-sm font-semibold text-slate-900">Notifications</h2>
            <button
              type="button"
              onClick={() => markAll.mutate()}
              disabled={unread === 0 || markAll.isPending}
              className="inline-flex items-center gap-1 rounded text-xs font-medium text-brand-600 hover:text-brand-700 disabled:pointer-events-none disabled:text-slate-400"
            >
              <CheckCheck className="h-3.5 w-3.5" aria-hidden />
              Mark all read
            </button>
          </div>
          {items.length === 0 ? (
            <p className="px-4 py-10 text-center text-sm text-slate-500">No new notifications</p>
          ) : (
            <ul className="max-h-[min(24rem,60vh)] divide-y divide-slate-100 overflow-y-auto">
              {items.map((n) => (
                <li key={n.id}>
                  <NotificationItem notification={n} onOpen={openNotification} compact />
                </li>
              ))}
            </ul>
          )}
          <div className="border-t border-slate-100 bg-slate-50/70 p-2">
            <Link
              to="/notifications"
              onClick={() => setOpen(false)}
              className="block rounded-md px-3 py-2 text-center text-sm font-medium text-brand-600 hover:bg-white hover:text-brand-700"
            >
              View All Notifications
            </Link>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
