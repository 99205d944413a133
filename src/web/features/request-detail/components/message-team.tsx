import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { DRAWER_MESSAGES, MESSAGE_MAX, messageBody, type RequestDetail } from '@shared/api/request-detail';
import { Button } from '@web/components/ui/button';
import { FieldError, Label, Textarea } from '@web/components/ui/input';
import { useDetailList } from '../api/get-detail-page';
import { useSendMessage } from '../api/send-message';
import { drawerFeedback } from './drawer-feedback';
import { formatDateTime, timeAgo } from './format';
import { ShowMore } from './show-more';

/**
 * Message Team (guide/requests.md#the-request-drawer): a message cannot be blank; Ctrl/Cmd+Enter sends. Typing
 * `@Full Name` mentions a teammate, who is notified and e-mailed. The newest messages show first;
 * older ones on "Show more" (decision 0029).
 */
export function MessageTeam({ detail }: { detail: RequestDetail }) {
  const requestId = detail.id;
  const canMessage = detail.allowedActions.canMessage;
  const messages = useDetailList(detail, 'messages');
  const {
    register,
    handleSubmit,
    reset,
    watch,
    clearErrors,
    formState: { errors },
  } = useForm({ resolver: zodResolver(messageBody), defaultValues: { body: '' }, shouldFocusError: false });
  const error = errors.body?.message;
  const body = watch('body');
  const send = useSendMessage(requestId, drawerFeedback('Message', { failure: DRAWER_MESSAGES.creationFailed, then: () => reset() }));
  const submit = handleSubmit((message) => {
    if (send.isPending) return;
    send.mutate(message.body);
  });
  return (
    <section aria-labelledby="message-team-heading" className="space-y-3">
      <h2 id="message-team-heading" className="text-sm font-semibold text-slate-900">
        Message Team
      </h2>
      {canMessage && (
        <form onSubmit={(e) => void submit(e)} className="space-y-2">
          <Label htmlFor="team-message" className="sr-only">
            Message
          </Label>
          <Textarea
            id="team-message"
            rows={3}
            maxLength={MESSAGE_MAX}
            placeholder="Write a message... (Ctrl+Enter to send)"
            aria-invalid={!!error}
            aria-describedby={error ? 'team-message-error' : undefined}
            // Typing takes the message away until the next try.
            {...register('body', { onChange: () => clearErrors('body') })}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                void submit();
              }
            }}
          />
          <FieldError id="team-message-error" message={error} />
          <Button type="submit" size="sm" disabled={send.isPending || !body.trim()}>
            {send.isPending ? 'Sending...' : 'Send'}
          </Button>
        </form>
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
