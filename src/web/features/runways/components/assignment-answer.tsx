import { Button } from '@web/components/ui/button';
import { AnswerControls, ResponseBadge, useAvailability } from '@web/features/people';
import type { DraftItem } from './use-sunday-editor';

/** The saved assignee's answer under the picker: their own controls, or its badge; replacements once declined. */
export default function AssignmentAnswer({
  item,
  myId,
  disabled,
  sundayDate,
  onPick,
}: {
  item: DraftItem;
  myId: string | undefined;
  disabled: boolean;
  sundayDate: string;
  onPick: (id: string) => void;
}) {
  const answered = !!item.id && !!item.assignedToId && item.assignedToId === item.savedAssigneeId;
  if (!answered) return null;
  return (
    <>
      <div className="mt-1">
        {item.assignedToId === myId && !item.isComplete ? (
          <AnswerControls kind="task" id={item.id!} title={item.taskName} response={item.response} reason={item.responseReason} />
        ) : (
          <ResponseBadge response={item.response} reason={item.responseReason} />
        )}
      </div>
      {item.response === 'declined' && !disabled && <Replacements sundayDate={sundayDate} taskId={item.id!} onPick={onPick} />}
    </>
  );
}

/**
 * Replacements for a declined task (guide/sunday-planning.md#replacements): free people of the
 * same role, least loaded that week first; a press puts them in the picker, to be saved with the plan.
 */
function Replacements({ sundayDate, taskId, onPick }: { sundayDate: string; taskId: string; onPick: (id: string) => void }) {
  const answer = useAvailability(sundayDate, true, { kind: 'task', id: taskId });
  if (!answer.data) return null;
  const people = answer.data.suggestions.map((id) => answer.data.people.find((p) => p.id === id)!);
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
