import type { TaskDto } from '../../../shared/api/tasks';
import { statusLabel } from '../../../shared/domain/statuses';
import { taskSection, type TaskSection } from '../../../shared/domain/tasks';
import type { SessionUser } from '../../platform/auth/sessions';
import type { Executor } from '../../platform/db/client';
import { keysetBatches, requestUrl, type CsvColumn, type ExportEnv } from '../../platform/csv/csv-export';
import { parseDueCursor } from '../../queries/current-work';
import { listOpenTasks } from './queries';

/**
 * The CSV export of a task list (decision 0032): the open work of the screen (its
 * Waiting for Approval, Active Tasks and Rejected Requests sections, named in a column) in the
 * list's own order, soonest due first, read `batchSize` tasks at a time. The assignee column is
 * there only for those who see assignees on the screen (coordinator and above).
 */
const SECTION_TITLES: Record<TaskSection, string> = {
  waiting: 'Waiting for Approval',
  active: 'Active Tasks',
  rejected: 'Rejected Requests',
  completed: 'Completed',
};

export function taskColumns(env: ExportEnv, showAssignee: boolean): CsvColumn<TaskDto>[] {
  return [
    { header: 'Section', value: (t) => SECTION_TITLES[taskSection(t)] },
    { header: 'Event', value: (t) => t.eventTitle },
    { header: 'Channel', value: (t) => env.channelLabel(t.channel) },
    { header: 'Status', value: (t) => statusLabel(t.status) },
    { header: 'Priority', value: (t) => statusLabel(t.priority) },
    { header: 'Due Date', value: (t) => t.dueDate },
    { header: 'Request Progress (%)', value: (t) => t.progress },
    ...(showAssignee ? [{ header: 'Assignee', value: (t: TaskDto) => t.assignee?.fullName ?? 'Unassigned' }] : []),
    { header: 'Rejection Reason', value: (t) => t.rejectionReason },
    { header: 'Link', value: (t) => requestUrl(env.appOrigin, t.requestId) },
  ];
}

export function taskBatches(db: Executor, user: SessionUser, env: ExportEnv) {
  return keysetBatches<TaskDto, string>(async (cursor) => {
    const page = await listOpenTasks(db, user, parseDueCursor(cursor), env.batchSize);
    return { rows: page.tasks, next: page.nextCursor };
  });
}
