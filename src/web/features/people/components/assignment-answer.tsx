import type { AnswerableKind, AssignmentResponse } from '@shared/domain/people-on-sundays';
import { Button } from '@web/components/ui/button';
import { useAvailability } from '../api/get-availability';
import { AnswerControls } from './answer-controls';
import { needsReplacement, suggestionsFor } from './availability-label';
import { ResponseBadge } from './response-badge';

export interface AssignmentAnswerProps {
  kind: AnswerableKind;
  id: string;
  /** What the work is called, for the buttons' names. */
  title: string;
  response: AssignmentResponse;
  reason: string | null;
  /** The saved assignee whose answer this is. */
  assigneeId: string;
  /** The reader is the work's person: they answer it here. */
  mine: boolean;
  /** The day the work is for (its Sunday), for the replacements. */
  date: string;
  /** The reader may choose someone else (a planner with the editor open for edits). */
  canReplace: boolean;
  /** Puts a suggested person in the work's picker. */
  onPick: (personId: string) => void;
  /** The people the work's picker offers: only they are suggested (all when omitted). */
  candidates?: string[];
}

/**
 * A saved assignment's answer where it is edited (guide/sunday-planning.md#answering-an-assignment,
 * #replacements): the person's own controls or its badge, and, once declined or its person
 * blocked out that day, the suggested replacements. Every row of a screen reads the one
 * availability answer of its day, so a screen of many declines still makes one request.
 */
export function AssignmentAnswer({
  kind,
  id,
  title,
  response,
  reason,
  assigneeId,
  mine,
  date,
  canReplace,
  onPick,
  candidates,
}: AssignmentAnswerProps) {
  return (
    <>
      <div className="mt-1">
        {mine ? (
          <AnswerControls kind={kind} id={id} title={title} response={response} reason={reason} />
        ) : (
          <ResponseBadge response={response} reason={reason} />
        )}
      </div>
      {canReplace && <Replacements date={date} kind={kind} id={id} assigneeId={assigneeId} onPick={onPick} candidates={candidates} />}
    </>
  );
}

/**
 * Replacements for a declined or blocked-out assignment (guide/sunday-planning.md#replacements):
 * free people of the same role, least loaded that week first; a press puts them in the picker, to
 * be saved with the editor.
 */
function Replacements({
  date,
  kind,
  id,
  assigneeId,
  onPick,
  candidates,
}: Pick<AssignmentAnswerProps, 'date' | 'kind' | 'id' | 'assigneeId' | 'onPick' | 'candidates'>) {
  const answer = useAvailability(date);
  if (!needsReplacement(answer.data, kind, id, assigneeId)) return null;
  const people = suggestionsFor(answer.data, { kind, id, assigneeId }).filter((p) => !candidates || candidates.includes(p.id));
  if (people.length === 0) return <p className="mt-1 text-xs text-slate-500">No one of the same role is free that day.</p>;
  return (
    <div className="mt-1 flex flex-wrap items-center gap-1 text-xs">
      <span className="text-slate-600">Suggested:</span>
      {people.map((p) => (
        <Button
          key={p.id}
          size="sm"
          variant="ghost"
          className="h-6 px-2 text-xs"
          onClick={() => onPick(p.id)}
          aria-label={`Choose ${p.fullName} instead`}
        >
          {p.fullName}
        </Button>
      ))}
    </div>
  );
}
