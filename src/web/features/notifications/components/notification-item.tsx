import type { NotificationDto } from '@shared/api/notifications';
import { activityType } from './activity-type';
import { RelativeTime } from './relative-time';

/**
 * One notification as a button: unread ones carry a dot and a tinted background; the full list (not
 * the bell's compact one) also shows the type's feed colour and label (guide/notifications-and-email.md#the-bell).
 */
export function NotificationItem({
  notification: n,
  onOpen,
  compact = false,
}: {
  notification: NotificationDto;
  onOpen: (n: NotificationDto) => void;
  compact?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={() => onOpen(n)}
      data-unread={!n.read}
      className={`flex w-full items-start gap-3 text-left transition-colors hover:bg-slate-50 focus-visible:bg-slate-50 ${
        compact ? 'px-4 py-3' : 'px-4 py-4 sm:px-5'
      } ${n.read ? 'bg-white' : 'bg-brand-50/60'}`}
    >
      <span aria-hidden className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${n.read ? 'bg-transparent' : 'bg-brand-600'}`} />
      <span className="min-w-0 flex-1">
        {!compact && <TypeBadge type={n.type} />}
        <span className={`block text-sm ${n.read ? 'font-medium text-slate-700' : 'font-semibold text-slate-900'}`}>
          {n.title}
          {!n.read && <span className="sr-only"> (unread)</span>}
        </span>
        {n.body && <span className={`mt-0.5 block text-sm text-slate-600 ${compact ? 'line-clamp-2' : ''}`}>{n.body}</span>}
        <RelativeTime iso={n.createdAt} className="mt-1 block text-xs text-slate-600" />
      </span>
    </button>
  );
}

function TypeBadge({ type }: { type: string }) {
  const look = activityType(type);
  return <span className={`mb-1 inline-block rounded px-1.5 py-0.5 text-xs font-medium ${look.badge}`}>{look.label}</span>;
}
