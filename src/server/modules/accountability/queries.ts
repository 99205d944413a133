import { sql, type SQL } from 'drizzle-orm';
import type { Accountability, FlaggedEvent, FlaggedItem, UnassignedRequest, WorkloadCard } from '../../../shared/api/accountability';
import {
  ACCOUNTABILITY_COUNT_CAP,
  ACCOUNTABILITY_TOP,
  AT_RISK_DAYS,
  EVENT_WINDOW_DAYS,
  isAllClear,
  NOT_STARTED_STATUSES,
  UNASSIGNED_HOURS,
} from '../../../shared/domain/accountability';
import { addDaysIso, todayIn } from '../../../shared/domain/dates';
import { ARCHIVED_REQUEST_STATUSES, DONE_ITEM_STATUSES, FINISHED_REQUEST_STATUSES, type ItemStatus } from '../../../shared/domain/statuses';
import { progressPercent, workloadColour, workloadPercent } from '../../../shared/domain/tasks';
import { rowsOf, type Db, type Executor } from '../../platform/db/client';
import { liveItemSql, productionItemSql } from '../../platform/db/schema';
import { ASSIGNABLE_ROLES } from '../../commands/assignment';
import { inList, literalList } from '../../queries/sql-lists';

/**
 * Accountability & Gaps (spec 002 sections 2 and 9): every number comes from the queries below,
 * run in one repeatable-read transaction so the counts agree with each other. Each flagged list
 * is bounded: the first ACCOUNTABILITY_TOP rows and, only when there are more, a count that stops
 * at ACCOUNTABILITY_COUNT_CAP (decision 0025); the filters walk request_items_open_due_idx,
 * request_items_live_status_due_idx, requests_event_start_idx and requests_coordinator_idx; the workload
 * reads open assigned items through request_items_open_assignee_idx.
 */

/** Requests whose work still matters: not archived, not published, complete or cancelled. */
const LIVE_REQUEST = sql`r.status not in (${inList([...ARCHIVED_REQUEST_STATUSES, ...FINISHED_REQUEST_STATUSES])})`;
/** Production work (productionItemSql, the board's rule). */
const PRODUCTION = sql.raw(productionItemSql('i'));
/**
 * Open work of live requests: the items a team member still owes. The item's own request_archived
 * (decision 0046) is said as well, so the open-work partial indexes serve it.
 */
const OPEN_WORK = sql`${LIVE_REQUEST} and ${PRODUCTION} and ${sql.raw(liveItemSql('i'))} and i.status not in (${literalList(DONE_ITEM_STATUSES)})`;

type Flagged<T> = { count: number; more: boolean; rows: T[] };

/**
 * The first rows (fetched with one extra to see whether there are more) and their count: the rows
 * themselves when they are all, otherwise `from ... where ...` counted up to the cap.
 */
async function bounded<R, T>(
  db: Executor,
  rows: R[],
  present: (row: R) => T,
  countFromWhere: SQL,
  countOrder: SQL = sql``,
): Promise<Flagged<T>> {
  const shown = rows.slice(0, ACCOUNTABILITY_TOP).map(present);
  if (rows.length <= ACCOUNTABILITY_TOP) return { count: shown.length, more: false, rows: shown };
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from (select 1 ${countFromWhere} ${countOrder} limit ${ACCOUNTABILITY_COUNT_CAP + 1}) capped`,
    ),
  );
  const n = Number(row?.n ?? 0);
  return { count: Math.min(n, ACCOUNTABILITY_COUNT_CAP), more: n > ACCOUNTABILITY_COUNT_CAP, rows: shown };
}

interface ItemRow {
  id: string;
  request_id: string;
  channel: string;
  status: ItemStatus;
  due_date: string;
  event_title: string;
  assignee_name: string | null;
}

/** A place in a list's keyset order: the sort key values of the last row read (the CSV export's batches). */
export type KeysetAfter = string[] | null;
/** A batch of a whole list and where the next begins (null: it was the last). */
export type Batch<T> = { rows: T[]; next: KeysetAfter };
/** Cuts a batch read with one extra row, which only says another batch follows. */
function batchOf<R, T>(rows: R[], limit: number, present: (row: R) => T, keys: (row: R) => string[]): Batch<T> {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page.map(present), next: rows.length > limit && last ? keys(last) : null };
}

/** Open items of live requests matching the filter, by due date, event and id, after a place in that order. */
async function selectItems(db: Executor, filter: SQL, after: KeysetAfter, limit: number): Promise<ItemRow[]> {
  const keyset = after ? sql` and (i.due_date, r.event_title, i.id) > (${after[0]}::date, ${after[1]}, ${after[2]}::uuid)` : sql``;
  return rowsOf<ItemRow>(
    await db.execute(sql`
      select i.id, i.request_id, i.channel, i.status, i.due_date::text as due_date, r.event_title,
             u.full_name as assignee_name
      from request_items i
      join requests r on r.id = i.request_id
      left join users u on u.id = i.assignee_id
      where ${OPEN_WORK} and ${filter}${keyset}
      order by i.due_date asc, r.event_title asc, i.id asc
      limit ${limit}`),
  );
}

const presentItem = (r: ItemRow): FlaggedItem => ({
  id: r.id,
  requestId: r.request_id,
  channel: r.channel,
  status: r.status,
  dueDate: r.due_date,
  eventTitle: r.event_title,
  assigneeName: r.assignee_name,
});

async function flaggedItems(db: Executor, filter: SQL): Promise<Flagged<FlaggedItem>> {
  const rows = await selectItems(db, filter, null, ACCOUNTABILITY_TOP + 1);
  return bounded(
    db,
    rows,
    presentItem,
    sql`from request_items i join requests r on r.id = i.request_id where ${OPEN_WORK} and ${filter}`,
    // Counted latest due first: old open items mostly belong to finished or archived requests, so
    // the live ones are met soonest from this end of request_items_open_due_idx.
    sql`order by i.due_date desc`,
  );
}

/** Items past their due date (the church's today not included) and not done. */
const OVERDUE = (today: string) => sql`i.due_date < ${today}::date`;
/** Items due within 7 days (today included) whose work has not started. */
const AT_RISK = (today: string) =>
  sql`i.status in (${inList(NOT_STARTED_STATUSES)}) and i.due_date between ${today}::date and ${addDaysIso(today, AT_RISK_DAYS)}::date`;

const overdueItems = (db: Executor, today: string) => flaggedItems(db, OVERDUE(today));
const atRiskItems = (db: Executor, today: string) => flaggedItems(db, AT_RISK(today));

/** A batch of the whole Overdue Items or At-Risk Items list, after a place in its order (the CSV export). */
export async function flaggedItemsBatch(
  db: Executor,
  list: 'overdue' | 'at-risk',
  today: string,
  after: KeysetAfter,
  limit: number,
): Promise<Batch<FlaggedItem>> {
  const rows = await selectItems(db, list === 'overdue' ? OVERDUE(today) : AT_RISK(today), after, limit + 1);
  return batchOf(rows, limit, presentItem, (r) => [r.due_date, r.event_title, r.id]);
}

/**
 * Events starting within 7 days (today included) that are not ready: some production item of
 * theirs is not approved, published or complete (spec 002 section 9). A request with no items has
 * nothing to be ready, so it is not flagged.
 */
type EventRow = { id: string; event_title: string; event_start_date: string; done: number; items: number };

/** The not-ready events of the window, `having` some open production item; `after` a place in their order. */
function notReadyFrom(today: string, after: KeysetAfter = null): SQL {
  const keyset = after ? sql` and (r.event_start_date, r.event_title, r.id) > (${after[0]}::date, ${after[1]}, ${after[2]}::uuid)` : sql``;
  return sql`from requests r
      join request_items i on i.request_id = r.id and ${PRODUCTION}
      where r.status not in (${inList([...ARCHIVED_REQUEST_STATUSES, 'cancelled'])})
        and r.event_start_date between ${today}::date and ${addDaysIso(today, EVENT_WINDOW_DAYS)}::date${keyset}
      group by r.id
      having count(*) filter (where i.status not in (${inList(DONE_ITEM_STATUSES)})) > 0`;
}

async function selectEvents(db: Executor, today: string, after: KeysetAfter, limit: number): Promise<EventRow[]> {
  return rowsOf<EventRow>(
    await db.execute(sql`
      select r.id, r.event_title, r.event_start_date::text as event_start_date,
             (count(*) filter (where i.status in (${inList(DONE_ITEM_STATUSES)})))::int as done,
             count(*)::int as items
      ${notReadyFrom(today, after)}
      order by r.event_start_date asc, r.event_title asc, r.id asc
      limit ${limit}`),
  );
}

const presentEvent = (r: EventRow): FlaggedEvent => ({
  requestId: r.id,
  eventTitle: r.event_title,
  eventStartDate: r.event_start_date,
  doneItems: Number(r.done),
  totalItems: Number(r.items),
  readinessPct: progressPercent(Number(r.done), Number(r.items)),
});

async function eventsNotReady(db: Executor, today: string): Promise<Flagged<FlaggedEvent>> {
  const rows = await selectEvents(db, today, null, ACCOUNTABILITY_TOP + 1);
  return bounded(db, rows, presentEvent, notReadyFrom(today));
}

/** A batch of the whole Events Within 7 Days Not Ready list (the CSV export). */
export async function eventsNotReadyBatch(db: Executor, today: string, after: KeysetAfter, limit: number): Promise<Batch<FlaggedEvent>> {
  const rows = await selectEvents(db, today, after, limit + 1);
  return batchOf(rows, limit, presentEvent, (r) => [r.event_start_date, r.event_title, r.id]);
}

type UnassignedRow = { id: string; event_title: string; ministry_name: string | null; submitted_at: string; hours: number; key: string };

/** Live requests with no coordinator more than 48 hours after submission. */
const WAITING = (now: Date) =>
  sql`r.current_coordinator_id is null and r.submitted_at < ${new Date(now.getTime() - UNASSIGNED_HOURS * 3_600_000).toISOString()}::timestamptz and ${LIVE_REQUEST}`;

/** The waiting requests, the longest waiting first, after a place in that order. */
async function selectUnassigned(db: Executor, now: Date, after: KeysetAfter, limit: number): Promise<UnassignedRow[]> {
  const keyset = after ? sql` and (r.submitted_at, r.id) > (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``;
  return rowsOf<UnassignedRow>(
    await db.execute(sql`
      select r.id, r.event_title, m.name as ministry_name,
             to_char(r.submitted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as submitted_at,
             to_char(r.submitted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as key,
             floor(extract(epoch from (${now.toISOString()}::timestamptz - r.submitted_at)) / 3600)::int as hours
      from requests r
      left join ministries m on m.id = r.ministry_id
      where ${WAITING(now)}${keyset}
      order by r.submitted_at asc, r.id asc
      limit ${limit}`),
  );
}

const presentUnassigned = (r: UnassignedRow): UnassignedRequest => ({
  requestId: r.id,
  eventTitle: r.event_title,
  ministryName: r.ministry_name,
  submittedAt: r.submitted_at,
  hoursWaiting: Number(r.hours),
});

async function unassignedRequests(db: Executor, now: Date): Promise<Flagged<UnassignedRequest>> {
  const rows = await selectUnassigned(db, now, null, ACCOUNTABILITY_TOP + 1);
  return bounded(db, rows, presentUnassigned, sql`from requests r where ${WAITING(now)}`);
}

/** A batch of the whole Unassigned Requests list (the CSV export); `now` stays that of the export's start. */
export async function unassignedRequestsBatch(
  db: Executor,
  now: Date,
  after: KeysetAfter,
  limit: number,
): Promise<Batch<UnassignedRequest>> {
  const rows = await selectUnassigned(db, now, after, limit + 1);
  return batchOf(rows, limit, presentUnassigned, (r) => [r.key, r.id]);
}

/** The team: every active person work can be given to, with their active tasks, busiest first. */
export const WORKLOAD_LIMIT = 50;
/**
 * The screen shows the busiest WORKLOAD_LIMIT; the CSV export asks for everyone (`limit` null): the
 * people work can be given to are a team, not a table of thousands, so one read holds them.
 */
export async function workload(db: Executor, limit: number | null = WORKLOAD_LIMIT): Promise<WorkloadCard[]> {
  const rows = rowsOf<{ id: string; full_name: string; is_external: boolean; active: number }>(
    await db.execute(sql`
      select u.id, u.full_name, u.is_external, coalesce(w.active, 0)::int as active
      from users u
      left join (
        select i.assignee_id, count(*) as active
        from request_items i join requests r on r.id = i.request_id
        where i.assignee_id is not null and ${OPEN_WORK}
        group by i.assignee_id
      ) w on w.assignee_id = u.id
      where u.active and u.role in (${inList(ASSIGNABLE_ROLES)})
      order by coalesce(w.active, 0) desc, lower(u.full_name) asc, u.id asc
      ${limit === null ? sql`` : sql`limit ${limit}`}`),
  );
  return rows.map((r) => {
    const percent = workloadPercent(Number(r.active));
    return {
      userId: r.id,
      fullName: r.full_name,
      isExternal: r.is_external,
      activeTasks: Number(r.active),
      percent,
      colour: workloadColour(percent),
    };
  });
}

export async function readAccountability(db: Db, timeZone: string, now = new Date()): Promise<Accountability> {
  const today = todayIn(timeZone, now);
  return db.transaction(
    async (tx) => {
      const overdue = await overdueItems(tx, today);
      const events = await eventsNotReady(tx, today);
      const unassigned = await unassignedRequests(tx, now);
      const atRisk = await atRiskItems(tx, today);
      const team = await workload(tx);
      const allClear = isAllClear({
        overdueItems: overdue.count,
        eventsNotReady: events.count,
        unassignedRequests: unassigned.count,
        atRiskItems: atRisk.count,
      });
      return {
        today,
        overdueItems: overdue,
        eventsNotReady: events,
        unassignedRequests: unassigned,
        atRiskItems: atRisk,
        workload: team,
        allClear,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
