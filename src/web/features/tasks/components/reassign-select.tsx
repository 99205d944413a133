import { useState } from 'react';
import { TASK_MESSAGES, type AssigneeOption, type TaskDto } from '@shared/api/tasks';
import { toast } from '@web/components/ui/toast-store';
import { availabilityLabel, BlockoutConfirm, isBlockedOut, useAvailability } from '@web/features/people';
import { useChannelLabel } from '@web/lib/church-config';
import { useAssignTask } from '../api/assign-task';

const SELECT =
  'block h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-slate-100';

/**
 * Coordinator level: give the task to someone else, to the Church Media Squad, or to no one. Each
 * person is marked as the Sunday editors' pickers mark them for the task's due date (blocked out,
 * declined, full that week: guide/sunday-planning.md#blockout-dates), read when the picker is first
 * reached, so a page of tasks reads only the days someone is about to choose for. Someone blocked
 * out is assigned only after the coordinator confirms.
 */
export function ReassignSelect({ task, assignees }: { task: TaskDto; assignees: AssigneeOption[] }) {
  const [reached, setReached] = useState(false);
  const [blockedOut, setBlockedOut] = useState<{ message: string; assigneeId: string } | null>(null);
  const availability = useAvailability(task.dueDate, reached);
  const assign = useAssignTask({
    onSuccess: () => toast({ title: 'Task reassigned' }),
    onError: (err, vars) => {
      if (isBlockedOut(err) && vars.assigneeId) setBlockedOut({ message: err.message, assigneeId: vars.assigneeId });
      else toast({ title: TASK_MESSAGES.reassignmentFailed, description: err.message, variant: 'destructive' });
    },
  });
  const channel = useChannelLabel()(task.channel);
  const current = task.assignee?.id ?? '';
  const id = `assignee-${task.id}`;
  // The saved assignee stays listed even if they are no longer a candidate (deactivated, role changed).
  const options =
    task.assignee && !assignees.some((a) => a.id === task.assignee!.id) ? [...assignees, { ...task.assignee, role: '' }] : assignees;
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        Assignee for {channel}, {task.eventTitle}
      </label>
      <select
        id={id}
        className={SELECT}
        value={assign.isPending ? (assign.variables?.assigneeId ?? '') : current}
        disabled={assign.isPending}
        onFocus={() => setReached(true)}
        onPointerDown={() => setReached(true)}
        onChange={(e) => assign.mutate({ taskId: task.id, assigneeId: e.target.value || null })}
      >
        <option value="">Unassigned</option>
        {options.map((a) => (
          <option key={a.id} value={a.id}>
            {availabilityLabel(a.fullName, a.id, availability.data)}
          </option>
        ))}
      </select>
      <BlockoutConfirm
        message={blockedOut?.message ?? null}
        onCancel={() => setBlockedOut(null)}
        onConfirm={async () => {
          const assigneeId = blockedOut!.assigneeId;
          setBlockedOut(null);
          await assign.mutateAsync({ taskId: task.id, assigneeId, confirmBlockout: true }).catch(() => undefined);
        }}
      />
    </div>
  );
}
