import type { ActivityDto, RequestDetail } from '@shared/api/request-detail';
import { statusLabel } from '@shared/domain/statuses';
import { EmptyState } from '@web/components/ui/states';
import { useDetailList } from '../api/get-detail-page';
import { formatDateTime, timeAgo } from './format';
import { ShowMore } from './show-more';

/** Stored values of these entries are status or priority keys; show their labels. */
const KEYED = new Set([
  'Status Changed',
  'Priority Set',
  'Proof Ready',
  'Proof Approved',
  'Changes Requested',
  'Item Status Changed',
  'Request Archived',
  'request_submitted',
]);

function change(entry: ActivityDto): string | null {
  const show = (v: string | null) => (v && KEYED.has(entry.actionType) ? statusLabel(v) : v);
  const from = show(entry.oldValue);
  const to = show(entry.newValue);
  if (from && to) return `${from} → ${to}`;
  return to ?? from;
}

/** The Activity tab: newest first, with the actor and the time; older entries on "Show more" (decision 0029). */
export function ActivityTab({ detail }: { detail: RequestDetail }) {
  const activity = useDetailList(detail, 'activity');
  if (activity.entries.length === 0) return <EmptyState>No activity yet.</EmptyState>;
  return (
    <>
      <ActivityList entries={activity.entries} />
      <ShowMore list={activity} />
    </>
  );
}

function ActivityList({ entries }: { entries: ActivityDto[] }) {
  return (
    <ol className="space-y-3" aria-label="Activity">
      {entries.map((entry) => (
        <li key={entry.id} className="rounded-md border border-slate-200 p-3 text-sm">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="font-medium text-slate-900">{statusLabel(entry.actionType)}</span>
            <time dateTime={entry.createdAt} title={formatDateTime(entry.createdAt)} className="text-xs text-slate-500">
              {timeAgo(entry.createdAt)}
            </time>
          </div>
          {change(entry) && <p className="mt-1 text-slate-700">{change(entry)}</p>}
          {entry.notes && <p className="mt-1 whitespace-pre-wrap text-slate-600">{entry.notes}</p>}
          <p className="mt-1 text-xs text-slate-500">by {entry.actor?.fullName ?? 'System'}</p>
        </li>
      ))}
    </ol>
  );
}
