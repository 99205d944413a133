import { sql, type SQL } from 'drizzle-orm';
import { TASK_LIST_LIMIT, type AssigneeOption, type TaskDto, type TaskList } from '../../../shared/api/tasks';
import { channelLabel } from '../../../shared/domain/channels';
import { todayIn } from '../../../shared/domain/dates';
import { hasRank } from '../../../shared/domain/roles';
import { ARCHIVED_REQUEST_STATUSES, DONE_ITEM_STATUSES, type ItemStatus, type Priority } from '../../../shared/domain/statuses';
import { progressPercent, taskSection } from '../../../shared/domain/tasks';
import type { SessionUser } from '../../platform/auth/sessions';
import { rowsOf, type Executor } from '../../platform/db/client';

/** Roles a task can be assigned to (spec 001 section 6); the Church Media Squad is a creative row. */
export const ASSIGNABLE_ROLES = ['admin', 'coordinator', 'creative'] as const;

const inList = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

interface TaskRow {
  id: string;
  request_id: string;
  event_title: string;
  request_status: string;
  channel: string;
  status: ItemStatus;
  priority: Priority;
  due_date: string | null;
  is_additional_request: boolean;
  additional_request_status: string | null;
  rejection_reason: string | null;
  assignee_id: string | null;
  assignee_name: string | null;
  assignee_external: boolean | null;
  done: number;
  total: number;
}

/**
 * One query: the visible items (joined with their request and assignee, archived requests left
 * out, due date ascending with undated last, bounded), then the progress of just those requests
 * aggregated over all their items.
 */
async function selectTasks(db: Executor, filter: SQL): Promise<{ rows: TaskRow[]; truncated: boolean }> {
  const result = await db.execute(sql`
    with visible as (
      select i.id, i.request_id, r.event_title, r.status as request_status, i.channel, i.status, i.priority,
             i.due_date::text as due_date, i.is_additional_request, i.additional_request_status, i.rejection_reason,
             i.assignee_id, u.full_name as assignee_name, u.is_external as assignee_external
      from request_items i
      join requests r on r.id = i.request_id
      left join users u on u.id = i.assignee_id
      where r.status not in (${inList(ARCHIVED_REQUEST_STATUSES)}) and ${filter}
      order by i.due_date asc nulls last, i.id
      limit ${TASK_LIST_LIMIT + 1}
    ), progress as (
      select request_id,
             (count(*) filter (where status in (${inList(DONE_ITEM_STATUSES)})))::int as done,
             count(*)::int as total
      from request_items
      where request_id in (select request_id from visible)
      group by request_id
    )
    select v.*, p.done, p.total
    from visible v join progress p on p.request_id = v.request_id
    order by v.due_date asc nulls last, v.id`);
  const rows = rowsOf<TaskRow>(result);
  return { rows: rows.slice(0, TASK_LIST_LIMIT), truncated: rows.length > TASK_LIST_LIMIT };
}

function present(row: TaskRow, showAssignee: boolean): TaskDto {
  const task: TaskDto = {
    id: row.id,
    requestId: row.request_id,
    eventTitle: row.event_title,
    requestStatus: row.request_status,
    channel: row.channel,
    channelLabel: channelLabel(row.channel),
    status: row.status,
    priority: row.priority,
    dueDate: row.due_date,
    isAdditionalRequest: row.is_additional_request,
    additionalRequestStatus: row.additional_request_status,
    rejectionReason: row.rejection_reason,
    progress: progressPercent(Number(row.done), Number(row.total)),
  };
  if (showAssignee) {
    task.assignee =
      row.assignee_id && row.assignee_name !== null
        ? { id: row.assignee_id, fullName: row.assignee_name, isExternal: !!row.assignee_external }
        : null;
  }
  return task;
}

function sectioned(rows: TaskRow[], truncated: boolean, showAssignee: boolean, timeZone: string): TaskList {
  const list: TaskList = { waiting: [], active: [], rejected: [], today: todayIn(timeZone), truncated };
  for (const row of rows) {
    const task = present(row, showAssignee);
    list[taskSection(task)].push(task);
  }
  return list;
}

/**
 * The task list: creatives see only items assigned to them (never the Church Media Squad's);
 * approvers and above see every item (spec 001 section 2). The assignee shows from coordinator up.
 */
export async function listTasks(db: Executor, user: SessionUser, timeZone: string): Promise<TaskList> {
  const filter = hasRank(user.role, 'approver') ? sql`true` : sql`i.assignee_id = ${user.id}`;
  const { rows, truncated } = await selectTasks(db, filter);
  return sectioned(rows, truncated, hasRank(user.role, 'coordinator'), timeZone);
}

/** The Church Media Squad Queue: the tasks assigned to the external squad. */
export async function listSquadTasks(db: Executor, timeZone: string): Promise<TaskList> {
  const { rows, truncated } = await selectTasks(db, sql`u.is_external = true`);
  return sectioned(rows, truncated, true, timeZone);
}

/** Assignment candidates: active admins, coordinators and creatives, the Church Media Squad among them. */
export async function listAssignees(db: Executor): Promise<AssigneeOption[]> {
  const result = await db.execute(sql`
    select id, full_name, role, is_external from users
    where active = true and role in (${inList(ASSIGNABLE_ROLES)})
    order by is_external, lower(full_name), id`);
  return rowsOf<{ id: string; full_name: string; role: string; is_external: boolean }>(result).map((u) => ({
    id: u.id,
    fullName: u.full_name,
    role: u.role,
    isExternal: u.is_external,
  }));
}
