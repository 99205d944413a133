import { useId, useState } from 'react';
import { PEOPLE_MESSAGES, type AnswerableKind, type AssignmentResponse } from '@shared/domain/people-on-sundays';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast-store';
import { useAnswerAssignment } from '../api/answer-assignment';
import { ResponseBadge } from './response-badge';

/**
 * The assignee's answer to one assignment (guide/sunday-planning.md#answering-an-assignment): its
 * state, Accept, and Decline with an optional reason asked inline before it is sent. An answer
 * can be changed: an accepted one can still be declined, a declined one accepted.
 */
export function AnswerControls({
  kind,
  id,
  title,
  response,
  reason,
}: {
  kind: AnswerableKind;
  id: string;
  /** What the work is called, for the buttons' names. */
  title: string;
  response: AssignmentResponse;
  reason?: string | null;
}) {
  const fieldId = useId();
  const [declining, setDeclining] = useState(false);
  const [why, setWhy] = useState('');
  const answer = useAnswerAssignment({
    onSuccess: (result) => {
      setDeclining(false);
      toast({ title: result.response === 'accepted' ? PEOPLE_MESSAGES.accepted : PEOPLE_MESSAGES.declined, description: title });
    },
    onError: (err) => toast({ title: 'Your answer was not saved', description: err.message, variant: 'destructive' }),
  });
  const send = (value: 'accepted' | 'declined') => answer.mutate({ kind, id, response: value, reason: value === 'declined' ? why : null });
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ResponseBadge response={response} reason={reason} />
      {declining ? (
        <form
          className="flex flex-wrap items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            send('declined');
          }}
        >
          <label htmlFor={fieldId} className="sr-only">
            Why you decline {title} (optional)
          </label>
          <Input
            id={fieldId}
            className="h-8 w-48"
            placeholder="Reason (optional)"
            maxLength={500}
            value={why}
            onChange={(e) => setWhy(e.target.value)}
          />
          <Button type="submit" size="sm" variant="destructive" disabled={answer.isPending}>
            Decline
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => setDeclining(false)}>
            Cancel
          </Button>
        </form>
      ) : (
        <>
          {response !== 'accepted' && (
            <Button
              size="sm"
              variant="secondary"
              disabled={answer.isPending}
              onClick={() => send('accepted')}
              aria-label={`Accept ${title}`}
            >
              Accept
            </Button>
          )}
          {response !== 'declined' && (
            <Button
              size="sm"
              variant="outline"
              disabled={answer.isPending}
              onClick={() => setDeclining(true)}
              aria-label={`Decline ${title}`}
            >
              Decline
            </Button>
          )}
        </>
      )}
    </div>
  );
}
