import { lazy, Suspense } from 'react';
import type { RequestDetail } from '@shared/api/request-detail';
import { useDetailList } from '../api/get-detail-page';
import { formatDateTime, timeAgo } from './format';
import { ShowMore } from './show-more';

// The form and its schema load after the drawer: the checks are not on its first paint.
const MessageForm = lazy(() => import('./message-form'));

/**
 * Message Team (guide/requests.md#the-request-drawer): a message cannot be blank; Ctrl/Cmd+Enter sends. Typing
 * `@Full Name` mentions a teammate, who is notified and e-mailed. The newest messages show first;
 * older ones on "Show more" (decision 0029).
 */
export function MessageTeam({ detail }: { detail: RequestDetail }) {
  const requestId = detail.id;
  const canMessage = detail.allowedActions.canMessage;
  const messages = useDetailList(detail, 'messages');
  return (
    <section aria-labelledby="message-team-heading" className="space-y-3">
      <h2 id="message-team-heading" className="text-sm font-semibold text-slate-900">
        Message Team
      </h2>
      {canMessage && (
        <Suspense fallback={null}>
          <MessageForm requestId={requestId} />
        </Suspense>
      )}
      {messages.entries.length === 0 ? (
        <p className="text-sm text-slate-500">No messages yet.</p>
      ) : (
        <ol className="max-h-80 space-y-2 overflow-y-auto" aria-label="Messages">
          {messages.entries.map((m) => (
            <li key={m.id} className="rounded-md bg-slate-50 p-2 text-sm">
              <div className="flex items-baseline justify-between gap-2">
                <span className="font-medium text-slate-900">{m.author?.fullName ?? 'Former user'}</span>
                <time dateTime={m.createdAt} title={formatDateTime(m.createdAt)} className="text-xs text-slate-500">
                  {timeAgo(m.createdAt)}
                </time>
              </div>
              <p className="mt-1 whitespace-pre-wrap break-words text-slate-700">{m.body}</p>
            </li>
          ))}
        </ol>
      )}
      <ShowMore list={messages} />
    </section>
  );
}
