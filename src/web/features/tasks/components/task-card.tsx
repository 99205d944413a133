import { BellRing } from 'lucide-react';
import { Link } from 'react-router';
import { drawerPath } from '@shared/domain/drawer-path';
import { TASK_MESSAGES, type AssigneeOption, type TaskDto } from '@shared/api/tasks';
import { isDoneStatus } from '@shared/domain/tasks';
import { Button, buttonClasses } from '@web/components/ui/button';
import { Badge, StatusBadge } from '@web/components/ui/status-badge';
import { toast } from '@web/components/ui/toast-store';
import { useChannelLabel } from '@web/lib/church-config';
import { AnswerControls, ResponseBadge } from '@web/features/people';
import { useRemindTask } from '../api/remind-task';
import { DueDate } from './due-date';
import { ProgressBar } from './progress-bar';
import { ReassignSelect } from './reassign-select';

export interface TaskPermissions {
  /** Coordinator level: see the assignee and reassign. */
  canManage: boolean;
  /** Admin only: remind the assignee (of unfinished tasks). */
  canRemind: boolean;
  /** My Tasks: the tasks are the reader's own, to accept or decline (guide/sunday-planning.md#answering-an-assignment). */
  canAnswer?: boolean;
}

/** One task: event, channel, status, due date, request progress, assignee and actions. */
export function TaskCard({
  task,
  today,
  permissions,
  assignees,
}: {
  task: TaskDto;
  today: string;
  permissions: TaskPermissions;
  assignees: AssigneeOption[];
}) {
  const remind = useRemindTask({
    onSuccess: () => toast({ title: TASK_MESSAGES.reminderSent }),
    onError: (err) => toast({ title: TASK_MESSAGES.remindFailed, description: err.message, variant: 'destructive' }),
  });
  const channel = useChannelLabel()(task.channel);
  const remindable = !!task.assignee && !task.assignee.isExternal;
  // Finished work (approved, published, complete) needs no reminder: the action is not offered.
  const offerRemind = permissions.canRemind && !isDoneStatus(task.status);
  return (
    <li
      className={`grid gap-3 p-4 md:items-center ${
        permissions.canManage ? 'md:grid-cols-[minmax(0,1fr)_10rem_13rem_auto]' : 'md:grid-cols-[minmax(0,1fr)_12rem_auto]'
      }`}
    >
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900">{task.eventTitle}</span>
          <StatusBadge status={task.status} />
          {(task.priority === 'high' || task.priority === 'urgent') && (
            <Badge className="bg-red-50 text-red-700">{task.priority === 'urgent' ? 'Urgent' : 'High priority'}</Badge>
          )}
        </div>
        <div className="text-sm text-slate-700">{channel}</div>
        <div className="text-sm">
          <DueDate dueDate={task.dueDate} today={today} status={task.status} />
        </div>
        {permissions.canAnswer && !isDoneStatus(task.status) && (
          <AnswerControls
            kind="item"
            id={task.id}
            title={`${task.eventTitle}: ${channel}`}
            response={task.response}
            reason={task.responseReason}
          />
        )}
        {task.rejectionReason && task.additionalRequestStatus === 'rejected' && (
          <p className="text-sm text-red-700">
            <span className="font-medium">Rejection reason:</span> {task.rejectionReason}
          </p>
        )}
      </div>
      <div>
        <div className="mb-1 text-xs text-slate-500">Request progress</div>
        <ProgressBar value={task.progress} label={`Request progress for ${task.eventTitle}`} />
      </div>
      {permissions.canManage && (
        <div>
          <div className="mb-1 text-xs text-slate-500" aria-hidden>
            Assignee
          </div>
          <ReassignSelect task={task} assignees={assignees} />
          {task.assignee && !permissions.canAnswer && (
            <div className="mt-1">
              <ResponseBadge response={task.response} reason={task.responseReason} />
            </div>
          )}
        </div>
      )}
      <div className="flex items-center gap-2 md:justify-end">
        {offerRemind && (
          <Button
            variant="outline"
            size="sm"
            disabled={!remindable || remind.isPending}
            title={remindable ? undefined : 'No assignee who can receive a reminder'}
            aria-label={`Send a reminder about ${channel}, ${task.eventTitle}`}
            onClick={() => remind.mutate(task.id)}
          >
            <BellRing className="h-4 w-4" aria-hidden />
            Remind
          </Button>
        )}
        <Link
          to={drawerPath(task.requestId, task.id)}
          className={buttonClasses('outline', 'sm')}
          aria-label={`Details of ${task.eventTitle}, ${channel}`}
        >
          Details
        </Link>
      </div>
    </li>
  );
}
