import { TASK_MESSAGES, type AssigneeOption, type TaskDto } from '@shared/api/tasks';
import { toast } from '@web/components/ui/toast-store';
import { AssigneePicker } from '@web/features/people';
import { useChannelLabel } from '@web/lib/church-config';
import { useAssignTask } from '../api/assign-task';

const SELECT =
  'block h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-slate-100';

/**
 * Coordinator level: give the task to someone else, to the Church Media Squad, or to no one, with
 * each person marked for the task's due date and a blockout confirmed first (the people feature's
 * AssigneePicker: guide/sunday-planning.md#blockout-dates).
 */
export function ReassignSelect({ task, assignees }: { task: TaskDto; assignees: AssigneeOption[] }) {
  const assign = useAssignTask({ onSuccess: () => toast({ title: 'Task reassigned' }) });
  const channel = useChannelLabel()(task.channel);
  return (
    <AssigneePicker
      id={`assignee-${task.id}`}
      label={`Assignee for ${channel}, ${task.eventTitle}`}
      className={SELECT}
      date={task.dueDate}
      people={assignees}
      assignee={task.assignee ?? null}
      save={(assigneeId, confirmBlockout) => assign.mutateAsync({ taskId: task.id, assigneeId, confirmBlockout })}
      onError={(err) => toast({ title: TASK_MESSAGES.reassignmentFailed, description: err.message, variant: 'destructive' })}
    />
  );
}
