import { sql, type SQL } from 'drizzle-orm';
import {
  COMPLETED_COUNT_CAP,
  COMPLETED_PAGE_SIZE,
  RECENTLY_FINISHED_DAYS,
  TASK_PAGE_SIZE,
  type AssigneeOption,
  type CompletedScope,
  type CompletedTasks,
  type TaskDto,
  type TaskFilters,
  type TaskList,
} from '../../../shared/api/tasks';
import { todayIn } from '../../../shared/domain/dates';
import { hasRank } from '../../../shared/domain/roles';
import { DONE_ITEM_STATUSES, type ItemStatus, type Priority } from '../../../shared/domain/statuses';
import { progressPercent, taskSection } from '../../../shared/domain/tasks';
import type { AssignmentResponse } from '../../../shared/domain/people-on-sundays';
import type { SessionUser } from '../../platform/auth/sessions';
import { rowsOf, type Executor } from '../../platform/db/client';
import { keysetPage, type KeysetCursor } from '../../platform/db/keyset';
import { finishedItemSql, liveItemSql, openItemSql } from '../../platform/db/predicates';
import { afterDue, dueCursorOf, olderCursorAfter, recentSince, type DueCursor } from '../../queries/current-work';
import { ASSIGNABLE_ROLES } from '../../commands/assignment';
import { taskPolicy } from './policy';
import { inList, literal, literalList } from '../../queries/sql-lists';
import { containsPattern } from '../../queries/request-scope';
import { executeNamed } from '../../platform/db/prepared';

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
  response: AssignmentResponse;
  response_reason: string | null;
  done: number;
  total: number;
  cursor: string;
  /** The Completed section's capped count, when the page's statement was asked for it. */
  completed_count?: number;
}

/**
 * Items of requests that are not archived (decision 0046): every list here starts from them, and
 * the flag is in the predicate of the partial indexes the lists walk.
 */
const LIVE = sql.raw(liveItemSql('i'));
/**
 * Finished work (approved, published, complete) outside the additional items' own sections: the
 * Completed section. The text of the finished-work partial indexes' predicate.
 */
const COMPLETED = sql.raw(finishedItemSql('i'));
/**
 * Everything else: open work, the waiting and rejected additional items among it. The same text as
 * the predicate of the open-work partial indexes, so the lists walk them (decision 0026).
 */
const OPEN = sql.raw(openItemSql('i'));

interface Selection {
  filter: SQL;
  /** Names output columns only, so the same order serves the CTE and the outer select. */
  order: SQL;
  limit: number;
  /** A column computed once beside the page (an uncorrelated subquery), read as `completed_count`. */
  completedCount?: SQL;
}

/** Open work: soonest due first, undated last (`due_on` is the date itself, so the index gives the order). */
const SOONEST_DUE = sql`due_on asc nulls last, id`;
/** Finished work: most recently changed first, the keyset order of the Completed pages. */
const RECENTLY_FINISHED = sql`updated_at desc, id desc`;

/**
 * One query, sent named with the code's constants written into its text (decision 0040): the
 * visible items (joined with their request and assignee, archived requests left
 * out, in the given order, bounded), then the progress of just those requests aggregated over all
 * their items. Each row carries its keyset cursor (updated_at|id).
 */
async function selectTasks(db: Executor, { filter, order, limit, completedCount }: Selection): Promise<TaskRow[]> {
  const result = await executeNamed(
    db,
    sql`
    with visible as (
      select i.id, i.request_id, r.event_title, r.status as request_status, i.channel, i.status, i.priority,
             i.due_date as due_on, i.due_date::text as due_date, i.is_additional_request, i.additional_request_status, i.rejection_reason,
             i.assignee_id, u.full_name as assignee_name, u.is_external as assignee_external,
             i.response, i.response_reason, i.updated_at,
             to_char(i.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '|' || i.id::text as cursor
      from request_items i
      join requests r on r.id = i.request_id
      left join users u on u.id = i.assignee_id
      where ${LIVE} and ${filter}
      order by ${order}
      limit ${literal(limit)}
    ), progress as (
      select request_id,
             (count(*) filter (where status in (${literalList(DONE_ITEM_STATUSES)})))::int as done,
             count(*)::int as total
      from request_items
      where request_id in (select request_id from visible)
      group by request_id
    )
    select v.*, p.done, p.total${completedCount ? sql`, ${completedCount} as completed_count` : sql``}
    from visible v join progress p on p.request_id = v.request_id
    order by ${order}`,
  );
  return rowsOf<TaskRow>(result);
}

function present(row: TaskRow, showAssignee: boolean): TaskDto {
  const task: TaskDto = {
    id: row.id,
    requestId: row.request_id,
    eventTitle: row.event_title,
    requestStatus: row.request_status,
    channel: row.channel,
    status: row.status,
    priority: row.priority,
    dueDate: row.due_date,
    isAdditionalRequest: row.is_additional_request,
    additionalRequestStatus: row.additional_request_status,
    rejectionReason: row.rejection_reason,
    progress: progressPercent(Number(row.done), Number(row.total)),
    response: row.response,
    responseReason: row.response_reason,
  };
  if (showAssignee) {
    task.assignee =
      row.assignee_id && row.assignee_name !== null
        ? { id: row.assignee_id, fullName: row.assignee_name, isExternal: !!row.assignee_external }
        : null;
  }
  return task;
}

/**
 * How many tasks of a scope were finished within the recent window, for the collapsed Completed
 * section's count: a bounded look-ahead (at most COMPLETED_COUNT_CAP + 1 rows), never a full count.
 * An uncorrelated scalar subquery, so the page's own statement can carry it as a column.
 */
function recentlyCompletedCount(filter: SQL): SQL {
  const since = recentSince(new Date(), RECENTLY_FINISHED_DAYS);
  // The items' own request_archived (decision 0046): an index-only count, with no probe of each
  // candidate's request.
  return sql`(select count(*)::int from (
      select 1
      from request_items i
      where ${filter} and ${LIVE} and ${COMPLETED} and i.updated_at >= ${since}::timestamptz
      limit ${literal(COMPLETED_COUNT_CAP + 1)}
    ) recent)`;
}

async function countRecentlyCompleted(db: Executor, filter: SQL): Promise<number> {
  const result = await db.execute(sql`select ${recentlyCompletedCount(filter)} as n`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** Open work in the open-work order (soonest due first, undated last, then id), `limit` tasks after the cursor. */
async function openWorkPage(
  db: Executor,
  filter: SQL,
  showAssignee: boolean,
  cursor: DueCursor | null,
  limit: number,
  completedCount?: SQL,
): Promise<{ tasks: TaskDto[]; nextCursor: string | null; completedCount: number | null }> {
  const conditions = [filter, OPEN];
  if (cursor) conditions.push(afterDue('i', cursor));
  const rows = await selectTasks(db, { filter: sql.join(conditions, sql` and `), order: SOONEST_DUE, limit: limit + 1, completedCount });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    tasks: page.map((row) => present(row, showAssignee)),
    nextCursor: rows.length > limit && last ? dueCursorOf(last.due_date, last.id) : null,
    completedCount: rows.length && completedCount ? Number(rows[0].completed_count) : null,
  };
}

/**
 * One page of a task list: the open work in its sections (TASK_PAGE_SIZE tasks, soonest due first,
 * undated last, after the cursor) and the count of the recently finished work, which is listed
 * apart a page at a time (`listCompletedTasks`).
 */
async function sectioned(db: Executor, filter: SQL, showAssignee: boolean, timeZone: string, cursor: DueCursor | null): Promise<TaskList> {
  // The count rides on the page's statement; a page without open work has no row to carry it,
  // and only then is it read on its own.
  const page = await openWorkPage(db, filter, showAssignee, cursor, TASK_PAGE_SIZE, recentlyCompletedCount(filter));
  const { tasks, nextCursor } = page;
  const completedCount = page.completedCount ?? (await countRecentlyCompleted(db, filter));
  const list: TaskList = {
    waiting: [],
    active: [],
    rejected: [],
    completedCount,
    today: todayIn(timeZone),
    nextCursor,
  };
  for (const task of tasks) {
    const section = taskSection(task);
    // The query leaves finished work out; the guard keeps the sections and the rule in one place.
    if (section !== 'completed') list[section].push(task);
  }
  return list;
}

/** Creatives see only items assigned to them (never the Church Media Squad's); approvers and above every item. */
function scopeFilter(user: SessionUser): SQL {
  return taskPolicy.seeEveryTask.allows(user, null) ? sql`true` : sql`i.assignee_id = ${user.id}`;
}
/**
 * The list's own filters on top of the scope (decision 0057). By assignee, the open-work and
 * finished-work walks use their per-assignee partial indexes, still in keyset order; the search
 * probes each walked item's request for its title.
 */
function withFilters(user: SessionUser, scope: SQL, filters: TaskFilters): SQL {
  const parts = [scope];
  if (filters.assignee === 'me') parts.push(sql`i.assignee_id = ${user.id}`);
  else if (filters.assignee === 'unassigned') parts.push(sql`i.assignee_id is null`);
  else if (filters.assignee) parts.push(sql`i.assignee_id = ${filters.assignee}::uuid`);
  if (filters.search) {
    parts.push(
      sql`exists (select 1 from requests fr where fr.id = i.request_id and fr.event_title ilike ${containsPattern(filters.search)})`,
    );
  }
  return parts.length === 1 ? scope : sql`(${sql.join(parts, sql` and `)})`;
}

/** The Church Media Squad's items, by assignee so the per-assignee indexes serve them. */
const SQUAD = sql`i.assignee_id in (select id from users where is_external = true)`;

/**
 * The task list (guide/tasks-and-calendar.md#my-tasks-and-all-tasks): creatives see their own items, approvers and above every
 * item. The assignee shows from coordinator up.
 */
export async function listTasks(
  db: Executor,
  user: SessionUser,
  timeZone: string,
  cursor: DueCursor | null = null,
  filters: TaskFilters = {},
): Promise<TaskList> {
  return sectioned(db, withFilters(user, scopeFilter(user), filters), hasRank(user.role, 'coordinator'), timeZone, cursor);
}

/**
 * The open work of a task list in one flat run, as the CSV export reads it: the same
 * scope, order and sections as `listTasks`, `limit` tasks after the cursor, nothing counted.
 */
export async function listOpenTasks(
  db: Executor,
  user: SessionUser,
  cursor: DueCursor | null,
  limit: number,
): Promise<{ tasks: TaskDto[]; nextCursor: string | null }> {
  return openWorkPage(db, scopeFilter(user), hasRank(user.role, 'coordinator'), cursor, limit);
}

/** The Church Media Squad Queue: the tasks assigned to the external squad. */
export async function listSquadTasks(db: Executor, timeZone: string, cursor: DueCursor | null = null): Promise<TaskList> {
  return sectioned(db, SQUAD, true, timeZone, cursor);
}

/**
 * One page of a list's Completed section: finished tasks, most recently changed first, after the
 * cursor; by default only those finished within the last RECENTLY_FINISHED_DAYS days, all of them
 * with `older` ('Show older'). The route has already checked that the user may see the scope.
 */
export async function listCompletedTasks(
  db: Executor,
  user: SessionUser,
  scope: CompletedScope,
  cursor: KeysetCursor | null,
  older = false,
  filters: TaskFilters = {},
): Promise<CompletedTasks> {
  const since = recentSince(new Date(), RECENTLY_FINISHED_DAYS);
  const conditions = [scope === 'squad' ? SQUAD : withFilters(user, scopeFilter(user), filters), COMPLETED];
  if (cursor) conditions.push(sql`(i.updated_at, i.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`);
  if (!older) conditions.push(sql`i.updated_at >= ${since}::timestamptz`);
  const rows = await selectTasks(db, {
    filter: sql.join(conditions, sql` and `),
    order: RECENTLY_FINISHED,
    limit: COMPLETED_PAGE_SIZE + 1,
  });
  const { page, nextCursor } = keysetPage(rows, COMPLETED_PAGE_SIZE);
  const lastShown = page[page.length - 1]?.cursor ?? (cursor ? `${cursor.at}|${cursor.id}` : null);
  return {
    items: page.map((row) => present(row, hasRank(user.role, 'coordinator'))),
    nextCursor,
    // The window is used up: older work continues after the last task shown (or the window's start).
    olderCursor: older || nextCursor ? null : olderCursorAfter(lastShown, since),
  };
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
