import { AssignmentAnswer as Answer } from '@web/features/people';
import type { DraftItem } from './use-sunday-editor';

/** The saved assignee's answer under a task's picker: their own controls, or its badge; replacements once declined or blocked out. */
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
    <Answer
      kind="task"
      id={item.id!}
      title={item.taskName}
      response={item.response}
      reason={item.responseReason}
      mine={item.assignedToId === myId && !item.isComplete}
      date={sundayDate}
      canReplace={!disabled}
      onPick={onPick}
    />
  );
}
