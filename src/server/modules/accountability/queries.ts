import { sql, type SQL } from 'drizzle-orm';
import {
  ACCOUNTABILITY_PAGE_SIZE,
  type Accountability,
  type AccountabilityListPage,
  type AccountabilityListQuery,
  type FlaggedEvent,
  type FlaggedItem,
  type UnassignedRequest,
  type WorkloadCard,
} from '../../../shared/api/accountability';
import {
  ACCOUNTABILITY_COUNT_CAP,
  ACCOUNTABILITY_TOP,
  AT_RISK_DAYS,
  EVENT_WINDOW_DAYS,
  isAllClear,
  UNASSIGNED_HOURS,
} from '../../../shared/domain/accountability';
import { addDaysIso, todayIn } from '../../../shared/domain/dates';
import { ARCHIVED_REQUEST_STATUSES, DONE_ITEM_STATUSES, type ItemStatus } from '../../../shared/domain/statuses';
import { progressPercent, workloadColour, workloadPercent } from '../../../shared/domain/tasks';
import { rowsOf, type Executor } from '../../platform/db/client';
import { executeNamed } from '../../platform/db/prepared';
import {
  accountableWorkSql,
  notStartedWorkSql,
  productionItemSql,
  unassignedRequestSql,
  unfinishedItemSql,
  unreadyEventWorkSql,
} from '../../platform/db/predicates';
import { ASSIGNABLE_ROLES } from '../../commands/assignment';
import { literal, literalList } from '../../queries/sql-lists';
import { decodeListCursor, encodeListCursor, type KeyKind } from './cursor';

/**
 * Accountability & Gaps (guide/reports.md#accountability-and-gaps), read by indexed, bounded statements (decision
 * 0060). The screen's first read is ONE statement (one snapshot, one round trip): each flagged
 * list's first ACCOUNTABILITY_TOP rows and its count, which stops at ACCOUNTABILITY_COUNT_CAP
 * (decision 0025), and the team's workload. Each list's further pages are keyset pages in the
 * list's order (`accountabilityPage`, the screen's 'Load more'; the CSV export's batches).
 *
 * Work still owed is `accountableWorkSql`, said of the item alone (its request's archived and
 * finished states are kept on it by the database), the predicate of the partial indexes the item
 * lists walk in their own order (due date, event title, id): request_items_accountable_due_idx for
 * overdue work and request_items_not_started_due_idx for work at risk. The workload is each
 * person's count of that work as the database keeps it (workload_counts). The events walk
 * requests_promotions_idx in their order and stop at the page; the unassigned
 * requests requests_unassigned_idx. Every count stops at ACCOUNTABILITY_COUNT_CAP + 1 rows.
 */

/** Open work still owed (accountableWorkSql, the accountability indexes' predicate). */
const OWED = sql.raw(accountableWorkSql('i'));
/** Owed work that has not started (notStartedWorkSql). */
const NOT_STARTED = sql.raw(notStartedWorkSql('i'));
/** Production work (productionItemSql, the board's rule). */
const PRODUCTION = sql.raw(productionItemSql('i'));
const DONE = literalList(DONE_ITEM_STATUSES);
/**
 * Work an event still waits for (unfinishedItemSql): implied by open production work of a request
 * that is not archived, and said as well so the probe asks request_items_unfinished_request_idx,
 * which holds no entry for a ready event.
 */
const UNFINISHED = sql.raw(unfinishedItemSql('i'));
/** The same work of a request that is not cancelled (unreadyEventWorkSql), keyed by its event start date. */
const UNREADY_EVENT_WORK = sql.raw(unreadyEventWorkSql('i'));

/** A place in a list's keyset order: the sort key values of the last row read. */
export type KeysetAfter = string[] | null;
/** A page of a list and where the next begins (null: it was the last). */
export type Batch<T> = { rows: T[]; next: KeysetAfter };
/** Cuts a page read with one extra row, which only says another page follows. */
function batchOf<R, T>(rows: R[], limit: number, present: (row: R) => T, keys: (row: R) => string[]): Batch<T> {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page.map(present), next: rows.length > limit && last ? keys(last) : null };
}

/** A list's statement parts: its rows (`page(after, limit)`) and its capped count. */
interface ListSql {
  page: (after: KeysetAfter, limit: number) => SQL;
  count: SQL;
}

/** A row's place in its page's order (`ord`), by which the first read's JSON arrays are built. */
const ordinal = (order: SQL) => sql`row_number() over (order by ${order}) as ord`;

const capped = (fromWhere: SQL) =>
  sql`(select count(*)::int from (select 1 ${fromWhere} limit ${literal(ACCOUNTABILITY_COUNT_CAP + 1)}) c)`;

interface ItemRow {
  id: string;
  request_id: string;
  channel: string;
  status: ItemStatus;
  due_date: string;
  event_title: string;
  assignee_name: string | null;
}

/**
 * Owed items matching `filter` (which says `owed` or `notStarted` and a due-date range), by due
 * date, event title and id after a place in that order: a walk of the partial index, stopping at
 * the page.
 */
function itemList(where: SQL): ListSql {
  return {
    page: (after, limit) => {
      const keyset = after
        ? sql` and (i.due_date, i.request_event_title, i.id) > (${after[0]}::date, ${after[1]}::text, ${after[2]}::uuid)`
        : sql``;
      const order = sql`i.due_date, i.request_event_title, i.id`;
      return sql`
        select i.id, i.request_id, i.channel, i.status, i.due_date::text as due_date, i.request_event_title as event_title,
               u.full_name as assignee_name, ${ordinal(order)}
        from request_items i
        left join users u on u.id = i.assignee_id
        where ${where}${keyset}
        order by ${order}
        limit ${literal(limit)}`;
    },
    count: capped(sql`from request_items i where ${where}`),
  };
}

const itemKeys = (r: ItemRow) => [r.due_date, r.event_title, r.id];
const presentItem = (r: ItemRow): FlaggedItem => ({
  id: r.id,
  requestId: r.request_id,
  channel: r.channel,
  status: r.status,
  dueDate: r.due_date,
  eventTitle: r.event_title,
  assigneeName: r.assignee_name,
});

/** Items past their due date (the church's today not included) and not done. */
const overdue = (today: string) => itemList(sql`${OWED} and i.due_date < ${today}::date`);
/** Items due within 7 days (today included) whose work has not started. */
const atRisk = (today: string) =>
  itemList(sql`${NOT_STARTED} and i.due_date between ${today}::date and ${addDaysIso(today, AT_RISK_DAYS)}::date`);

/**
 * Events starting within 7 days (today included) that are not ready: some production item of
 * theirs is not approved, published or complete (guide/reports.md#accountability-and-gaps). A request with no items has
 * nothing to be ready, so it is not flagged. The window's requests are walked in the list's order
 * (requests_promotions_idx), each asked for one open production item; the page's rows count their
 * items.
 */
type EventRow = { id: string; event_title: string; event_start_date: string; done: number; items: number };

function eventList(today: string): ListSql {
  /** The window's live requests (requests_promotions_idx), after a place in the list's order. */
  const inWindow = (after: KeysetAfter) => {
    const keyset = after
      ? sql` and (r.event_start_date, r.event_title, r.id) > (${after[0]}::date, ${after[1]}::text, ${after[2]}::uuid)`
      : sql``;
    // Cancelled is said through coalesce so the planner cannot prove the feed's partial indexes'
    // predicate (live and not cancelled) from it: it would AND their bitmap of every live request
    // with this window's and read them all before its limit.
    return sql`r.status not in (${literalList([...ARCHIVED_REQUEST_STATUSES])}) and coalesce(r.status <> 'cancelled', false)
        and r.event_start_date is not null
        and r.event_start_date between ${today}::date and ${addDaysIso(today, EVENT_WINDOW_DAYS)}::date${keyset}`;
  };
  const order = sql`r.event_start_date, r.event_title, r.id`;
  const probe = sql`select 1 from request_items i where i.request_id = r.id and ${UNFINISHED} and ${PRODUCTION} and i.status not in (${DONE}) limit 1`;
  return {
    // The window's requests walked in the list's order, each probed for one unfinished item until
    // the page is full: a probe per request shown, not one per request of the window. The probe is
    // a lateral `limit 1`, which the planner keeps a per-request index probe (an `exists` may become
    // a hash semi join, which reads every item and yields the requests in the items' order), and
    // the order and limit are said at the same level, so the page is the list's first rows
    // whatever the plan. Then only the page's requests count their items.
    page: (after, limit) => sql`
      select r.id, r.event_title, r.event_start_date::text as event_start_date, n.done, n.items, ${ordinal(order)}
      from (
        select r.id, r.event_title, r.event_start_date
        from requests r
        cross join lateral (${probe}) w
        where ${inWindow(after)}
        order by ${order}
        limit ${literal(limit)}
      ) r
      cross join lateral (
        select (count(*) filter (where i.status in (${DONE})))::int as done, count(*)::int as items
        from request_items i where i.request_id = r.id and ${PRODUCTION}
      ) n
      order by ${order}`,
    // The count asks the items: the events of the window waiting for work are the distinct requests
    // of request_items_unready_event_idx's entries in the window, read from the index alone, not a
    // probe per request of the window (decision 0070).
    count: capped(sql`from (select distinct i.request_id from request_items i
      where ${UNREADY_EVENT_WORK} and i.request_event_start_date between ${today}::date and ${addDaysIso(today, EVENT_WINDOW_DAYS)}::date) e`),
  };
}

const eventKeys = (r: EventRow) => [r.event_start_date, r.event_title, r.id];
const presentEvent = (r: EventRow): FlaggedEvent => ({
  requestId: r.id,
  eventTitle: r.event_title,
  eventStartDate: r.event_start_date,
  doneItems: Number(r.done),
  totalItems: Number(r.items),
  readinessPct: progressPercent(Number(r.done), Number(r.items)),
});

type UnassignedRow = { id: string; event_title: string; ministry_name: string | null; submitted_at: string; hours: number; key: string };

/**
 * Live requests with no coordinator more than 48 hours after submission, the longest waiting
 * first: the predicate of requests_unassigned_idx (unassignedRequestSql), walked in its order.
 */
function unassignedList(now: Date): ListSql {
  const waiting = sql`${sql.raw(unassignedRequestSql('r'))}
    and r.submitted_at < ${new Date(now.getTime() - UNASSIGNED_HOURS * 3_600_000).toISOString()}::timestamptz`;
  return {
    page: (after, limit) => {
      const keyset = after ? sql` and (r.submitted_at, r.id) > (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``;
      const order = sql`r.submitted_at, r.id`;
      return sql`
        select r.id, r.event_title, m.name as ministry_name,
               to_char(r.submitted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as submitted_at,
               to_char(r.submitted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as key,
               floor(extract(epoch from (${now.toISOString()}::timestamptz - r.submitted_at)) / 3600)::int as hours,
               ${ordinal(order)}
        from requests r
        left join ministries m on m.id = r.ministry_id
        where ${waiting}${keyset}
        order by ${order}
        limit ${literal(limit)}`;
    },
    count: capped(sql`from requests r where ${waiting}`),
  };
}

const unassignedKeys = (r: UnassignedRow) => [r.key, r.id];
const presentUnassigned = (r: UnassignedRow): UnassignedRequest => ({
  requestId: r.id,
  eventTitle: r.event_title,
  ministryName: r.ministry_name,
  submittedAt: r.submitted_at,
  hoursWaiting: Number(r.hours),
});

/** Each paged list: its statement parts, its row's keyset keys and how a row is shown. */
interface ListOf<R, T> {
  sql: ListSql;
  /** What its cursor's keys are. */
  kinds: KeyKind[];
  keys: (row: R) => string[];
  present: (row: R) => T;
}
const ITEM_KINDS: KeyKind[] = ['date', 'text', 'uuid'];
function listsOf(today: string, now: Date) {
  return {
    'overdue-items': { sql: overdue(today), kinds: ITEM_KINDS, keys: itemKeys, present: presentItem } as ListOf<ItemRow, FlaggedItem>,
    'at-risk-items': { sql: atRisk(today), kinds: ITEM_KINDS, keys: itemKeys, present: presentItem } as ListOf<ItemRow, FlaggedItem>,
    'events-not-ready': { sql: eventList(today), kinds: ITEM_KINDS, keys: eventKeys, present: presentEvent } as ListOf<
      EventRow,
      FlaggedEvent
    >,
    'unassigned-requests': {
      sql: unassignedList(now),
      kinds: ['time', 'uuid'],
      keys: unassignedKeys,
      present: presentUnassigned,
    } as ListOf<UnassignedRow, UnassignedRequest>,
  };
}

async function pageOf<R, T>(db: Executor, list: ListOf<R, T>, after: KeysetAfter, limit: number): Promise<Batch<T>> {
  const rows = rowsOf<R>(await db.execute(list.sql.page(after, limit + 1)));
  return batchOf(rows, limit, list.present, list.keys);
}

/** A page of one flagged list after its cursor (the screen's 'Load more'). */
export async function listPage(
  db: Executor,
  query: AccountabilityListQuery,
  timeZone: string,
  now = new Date(),
): Promise<AccountabilityListPage> {
  const list = listsOf(todayIn(timeZone, now), now)[query.list] as ListOf<unknown, never>;
  const page = await pageOf(db, list, decodeListCursor(query.cursor, list.kinds), ACCOUNTABILITY_PAGE_SIZE);
  return { list: query.list, rows: page.rows, next: page.next ? encodeListCursor(page.next) : null } as AccountabilityListPage;
}

/** A batch of the whole Overdue Items or At-Risk Items list, after a place in its order (the CSV export). */
export function flaggedItemsBatch(db: Executor, list: 'overdue' | 'at-risk', today: string, after: KeysetAfter, limit: number) {
  return pageOf(db, listsOf(today, new Date())[list === 'overdue' ? 'overdue-items' : 'at-risk-items'], after, limit);
}

/** A batch of the whole Events Within 7 Days Not Ready list (the CSV export). */
export function eventsNotReadyBatch(db: Executor, today: string, after: KeysetAfter, limit: number) {
  return pageOf(db, listsOf(today, new Date())['events-not-ready'], after, limit);
}

/** A batch of the whole Unassigned Requests list (the CSV export); `now` stays that of the export's start. */
export function unassignedRequestsBatch(db: Executor, now: Date, after: KeysetAfter, limit: number) {
  return pageOf(db, listsOf(todayIn('UTC', now), now)['unassigned-requests'], after, limit);
}

/** The team: every active person work can be given to, with their active tasks, busiest first. */
export const WORKLOAD_LIMIT = 50;
/**
 * The screen shows the busiest WORKLOAD_LIMIT; the CSV export asks for everyone (`limit` null): the
 * people work can be given to are a team, not a table of thousands, so one read holds them.
 */
export async function workload(db: Executor, limit: number | null = WORKLOAD_LIMIT): Promise<WorkloadCard[]> {
  return (await db.execute(workloadSql(limit)).then((res) => rowsOf<WorkloadRow>(res))).map(presentWorkload);
}

type WorkloadRow = { id: string; full_name: string; is_external: boolean; active: number };

/**
 * Each person's owed work as kept in workload_counts (statement triggers on request_items, decision
 * 0064): one row a person, however much work the church has open.
 */
function workloadSql(limit: number | null): SQL {
  const order = sql`w.active desc, lower(u.full_name) asc, u.id asc`;
  return sql`
      select u.id, u.full_name, u.is_external, w.active, ${ordinal(order)}
      from users u
      cross join lateral (select coalesce(max(c.owed), 0)::int as active from workload_counts c where c.user_id = u.id) w
      where u.active and u.role in (${literalList(ASSIGNABLE_ROLES)})
      order by ${order}
      ${limit === null ? sql`` : sql`limit ${literal(limit)}`}`;
}

function presentWorkload(r: WorkloadRow): WorkloadCard {
  const percent = workloadPercent(Number(r.active));
  return {
    userId: r.id,
    fullName: r.full_name,
    isExternal: r.is_external,
    activeTasks: Number(r.active),
    percent,
    colour: workloadColour(percent),
  };
}

/**
 * A page as a JSON array in its order. An aggregate over a sorted subquery is not promised that
 * order, so each page numbers its rows in its own order (`ordinal`) and the array is built by it.
 */
const json = (rows: SQL) => sql`(select coalesce(json_agg(x order by x.ord), '[]'::json) from (${rows}) x)`;

/**
 * The screen's first read, in one statement: each list's first page (one row more than shown, so
 * the answer says whether more follow) and its capped count, and the workload. One statement is
 * one snapshot, so the numbers agree with each other without a transaction. Named (decision 0040):
 * planning its dozen subqueries cost more than running them, and each walks its index in its own
 * order whatever the dates, so a generic plan is the same plan.
 */
export async function readAccountability(db: Executor, timeZone: string, now = new Date()): Promise<Accountability> {
  const today = todayIn(timeZone, now);
  const lists = listsOf(today, now);
  const first = (list: { sql: ListSql }) => json(list.sql.page(null, ACCOUNTABILITY_TOP + 1));
  const [row] = rowsOf<Record<string, unknown>>(
    await executeNamed(
      db,
      sql`
      select ${first(lists['overdue-items'])} as overdue, ${lists['overdue-items'].sql.count} as overdue_count,
             ${first(lists['events-not-ready'])} as events, ${lists['events-not-ready'].sql.count} as events_count,
             ${first(lists['unassigned-requests'])} as unassigned, ${lists['unassigned-requests'].sql.count} as unassigned_count,
             ${first(lists['at-risk-items'])} as at_risk, ${lists['at-risk-items'].sql.count} as at_risk_count,
             ${json(workloadSql(WORKLOAD_LIMIT))} as workload`,
    ),
  );
  const flagged = <R, T>(list: ListOf<R, T>, rows: unknown, count: unknown): Flagged<T> => {
    const page = batchOf(rows as R[], ACCOUNTABILITY_TOP, list.present, list.keys);
    const n = Number(count);
    return {
      count: Math.min(n, ACCOUNTABILITY_COUNT_CAP),
      more: n > ACCOUNTABILITY_COUNT_CAP,
      rows: page.rows,
      next: page.next ? encodeListCursor(page.next) : null,
    };
  };
  const overdueItems = flagged(lists['overdue-items'], row.overdue, row.overdue_count);
  const eventsNotReady = flagged(lists['events-not-ready'], row.events, row.events_count);
  const unassignedRequests = flagged(lists['unassigned-requests'], row.unassigned, row.unassigned_count);
  const atRiskItems = flagged(lists['at-risk-items'], row.at_risk, row.at_risk_count);
  return {
    today,
    overdueItems,
    eventsNotReady,
    unassignedRequests,
    atRiskItems,
    workload: (row.workload as WorkloadRow[]).map(presentWorkload),
    allClear: isAllClear({
      overdueItems: overdueItems.count,
      eventsNotReady: eventsNotReady.count,
      unassignedRequests: unassignedRequests.count,
      atRiskItems: atRiskItems.count,
    }),
  };
}

type Flagged<T> = { count: number; more: boolean; rows: T[]; next: string | null };
