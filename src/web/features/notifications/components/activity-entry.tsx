import { Link } from 'react-router';
import type { ActivityEntry } from '@shared/api/notifications';
import { activityType } from './activity-type';
import { RelativeTime } from './relative-time';

/** One line of the master feed: type colour, what, who, when, and a link to the request. */
export function ActivityEntryRow({ entry }: { entry: ActivityEntry }) {
  const type = activityType(entry.kind === 'message' ? 'request_message' : entry.type);
  const who = entry.who ?? 'A removed user';
  return (
    <article className="flex gap-3 px-4 py-4 sm:px-5" data-kind={entry.kind} data-type={entry.type}>
      <span aria-hidden className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${type.dot}`} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${type.badge}`}>{type.label}</span>
          <h2 className="min-w-0 break-words text-sm font-semibold text-slate-900">{entry.title}</h2>
        </div>
        {entry.body && <p className="mt-1 line-clamp-3 break-words text-sm text-slate-600">{entry.body}</p>}
        <p className="mt-1.5 flex flex-wrap items-center gap-x-1.5 text-xs text-slate-600">
          <span>
            {entry.kind === 'message' ? 'From' : 'To'} <span className="font-medium text-slate-700">{who}</span>
          </span>
          <span aria-hidden>·</span>
          <RelativeTime iso={entry.createdAt} />
          {entry.link && (
            <>
              <span aria-hidden>·</span>
              <Link to={entry.link} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                {entry.requestTitle ?? 'Open'}
              </Link>
            </>
          )}
        </p>
      </div>
    </article>
  );
}
