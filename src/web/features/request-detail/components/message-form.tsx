import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { DRAWER_MESSAGES, MESSAGE_MAX, messageBody } from '@shared/api/request-detail';
import { Button } from '@web/components/ui/button';
import { FieldError, Label, Textarea } from '@web/components/ui/input';
import { useSendMessage } from '../api/send-message';
import { drawerFeedback } from './drawer-feedback';

/** Message Team's form: a message cannot be blank (the API's own schema); Ctrl/Cmd+Enter sends. */
export default function MessageForm({ requestId }: { requestId: string }) {
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
  );
}
