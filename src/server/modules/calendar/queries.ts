import { sql, type SQL } from 'drizzle-orm';
import {
  CALENDAR_LIMIT,
  CALENDAR_SUNDAY_WORK_LIMIT,
  type CalendarDayQuery,
  type CalendarDayResponse,
  type CalendarItem,
  type CalendarQuery,
  type CalendarResponse,
} from '../../../shared/api/calendar';
import { MAX_TASKS_PER_DAY } from '../../../shared/domain/calendar';
import type { ItemStatus } from '../../../shared/domain/statuses';
import type { SessionUser } from '../../platform/auth/sessions';
import { rowsOf, type Executor } from '../../platform/db/client';
import { executeGeneric } from '../../platform/db/prepared';
import { calendarItemSql } from '../../platform/db/predicates';
import { literal } from '../../queries/sql-lists';
import { onBoard, readableRequestIds, requestRead } from '../../queries/request-scope';
import { personSundayWork } from '../../queries/sunday-work';
import { hasRank } from '../../../shared/domain/roles';
import { sundayWorkPath } from '../../../shared/domain/sunday-work';

interface CalendarRow {
  id: string;
  request_id: string;
  channel: string;
  due_date: string;
  event_title: string;
  ministry_id: string | null;
  status: ItemStatus;
}

const CHIP_COLUMNS = sql`request_items.id, request_items.request_id, request_items.channel, request_items.due_date::text as due_date,
       requests.event_title, requests.ministry_id, request_items.status`;

/**
 * The tasks the calendar may show between two dates (guide/tasks-and-calendar.md#the-task-calendar): the same items the
 * Production Board shows (live requests, no additional channel that is still waiting for approval
 * or was rejected) that the person may read, optionally of one ministry. A `from ... where ...`
 * fragment over request_items joined to requests.
 *
 * Scope first (decision 0026): for a requester or viewer it starts from the requests they may read
 * that have an item due in the range (`readableRequestIds` with `itemsDue`, decision 0041) and
 * probes each one's items in the date range through request_items_request_idx (request_id,
 * due_date); it never reads every item of the month, nor probes every request. The lateral's
 * `offset 0` keeps it a per-request probe (PostgreSQL would otherwise flatten it and may hash the
 * whole month's items). Staff, who read every request, have statements of their own (`staffGrid`).
 */
function dueBetween(user: SessionUser, from: string, to: string, ministryId: string | undefined): { fromWhere: SQL; scoped: boolean } {
  const readable = readableRequestIds(user, { live: true, itemsDue: { from, to } });
  const inRange = sql`request_items.due_date between ${from}::date and ${to}::date`;
  // Each readable request is joined (and its scope checked) once, before its items are probed:
  // not once per item, which on a busy month was most of the statement's work.
  const rows: SQL = readable
    ? sql`(${readable}) as readable(id)
        join requests on requests.id = readable.id
        cross join lateral (
          select * from request_items where request_items.request_id = requests.id and ${inRange} offset 0
        ) as request_items`
    : sql`request_items join requests on requests.id = request_items.request_id`;
  const conditions: SQL[] = [onBoard, requestRead.where(user)];
  if (!readable) conditions.push(inRange);
  if (ministryId) conditions.push(sql`requests.ministry_id = ${ministryId}`);
  return { fromWhere: sql`from ${rows} where ${sql.join(conditions, sql` and `)}`, scoped: !!readable };
}

/**
 * Staff's tasks (they read every request) said of the items alone (decision 0060): a task of the
 * grid is `calendarItemSql`, the predicate of request_items_calendar_idx, whose keys are the grid's
 * order (due date, event title, id) with the request's title and ministry kept on the item by the
 * database. No statement of staff's calendar reads the requests, whatever the church's history.
 */
const STAFF_TASK = sql.raw(calendarItemSql('request_items'));
const STAFF_CHIP_COLUMNS = sql`request_items.id, request_items.request_id, request_items.channel, request_items.due_date::text as due_date,
       request_items.request_event_title as event_title, request_items.request_ministry_id as ministry_id, request_items.status`;
const staffMinistry = (ministryId: string | undefined) =>
  ministryId ? sql` and request_items.request_ministry_id = ${ministryId}` : sql``;

/**
 * The grid for staff: each day's count as the database keeps it (calendar_day_counts, a row per
 * day and ministry, decision 0064), then each day's first chips by one short walk of
 * request_items_calendar_idx from that day (a lateral per day with tasks). It reads a few rows a
 * day and MAX_TASKS_PER_DAY chips a day, however many tasks fall due on it.
 */
function staffGrid(from: string, to: string, ministryId: string | undefined): SQL {
  return sql`
    select chips.*, days.day_count
    from (
      select c.due_date, sum(c.tasks) as day_count
      from calendar_day_counts c
      where c.due_date between ${from}::date and ${to}::date${ministryId ? sql` and c.ministry_key = ${ministryId}` : sql``}
      group by c.due_date
      having sum(c.tasks) > 0
    ) as days
    cross join lateral (
      select ${STAFF_CHIP_COLUMNS},
             row_number() over (order by request_items.request_event_title, request_items.id) as day_rank
      from request_items
      where ${STAFF_TASK} and request_items.due_date = days.due_date${staffMinistry(ministryId)}
      order by request_items.request_event_title, request_items.id
      limit ${literal(MAX_TASKS_PER_DAY)}
    ) as chips
    order by days.due_date, chips.event_title, chips.id`;
}

/**
 * Scoped, the plan is a probe per readable request whatever the dates (decision 0041), so it runs
 * on its generic plan, made once per connection (decision 0076): PostgreSQL estimates that plan 20x
 * dearer and would plan every call, yet it answered every reader measured in half the time or
 * less. Staff's walk of the range stays unnamed: a generic plan that does not know the range walked
 * all of it (decision 0040).
 */
const run = (db: Executor, statement: SQL, scoped: boolean) => (scoped ? executeGeneric(db, statement) : db.execute(statement));

const chipOf = (r: CalendarRow): CalendarItem => ({
  id: r.id,
  requestId: r.request_id,
  channel: r.channel,
  dueDate: r.due_date,
  eventTitle: r.event_title,
  ministryId: r.ministry_id,
  status: r.status,
});

/**
 * The grid (decision 0044): each day's first MAX_TASKS_PER_DAY tasks by event title, and each
 * day's count, in one statement. The answer is bounded by the grid's days, not by how much work
 * a busy church has due in them.
 */
export async function listCalendar(db: Executor, user: SessionUser, query: CalendarQuery, today: string): Promise<CalendarResponse> {
  const { fromWhere, scoped } = dueBetween(user, query.from, query.to, query.ministryId);
  const statement = scoped
    ? sql`
    select * from (
      select ${CHIP_COLUMNS},
             row_number() over (partition by request_items.due_date order by requests.event_title, request_items.id) as day_rank,
             count(*) over (partition by request_items.due_date) as day_count
      ${fromWhere}
    ) as ranked
    where day_rank <= ${literal(MAX_TASKS_PER_DAY)}
    order by due_date, event_title, id`
    : staffGrid(query.from, query.to, query.ministryId);
  const rows = rowsOf<CalendarRow & { day_rank: number | string; day_count: number | string }>(await run(db, statement, scoped));
  // The screen's second statement: the reader's own open Sunday work in the grid (decision 0058).
  const work = hasRank(user.role, 'creative')
    ? await personSundayWork(db, user.id, { from: query.from, to: query.to, limit: CALENDAR_SUNDAY_WORK_LIMIT })
    : [];
  return {
    from: query.from,
    to: query.to,
    today,
    items: rows.map(chipOf),
    dayCounts: rows.filter((r) => Number(r.day_rank) === 1).map((r) => ({ date: r.due_date, count: Number(r.day_count) })),
    sundayWork: work.slice(0, CALENDAR_SUNDAY_WORK_LIMIT).map((w) => ({
      kind: w.kind,
      id: w.id,
      sundayDate: w.sunday_date,
      dueDate: w.due_date,
      title: w.title,
      path: sundayWorkPath(w.sunday_date, w.kind, w.id),
    })),
  };
}

/** Every task of one day, by event title, bounded to CALENDAR_LIMIT ('+N more' opens it). */
export async function listCalendarDay(db: Executor, user: SessionUser, query: CalendarDayQuery): Promise<CalendarDayResponse> {
  const { fromWhere, scoped } = dueBetween(user, query.date, query.date, query.ministryId);
  const statement = scoped
    ? sql`
    select ${CHIP_COLUMNS} ${fromWhere}
    order by requests.event_title, request_items.id
    limit ${literal(CALENDAR_LIMIT + 1)}`
    : sql`
    select ${STAFF_CHIP_COLUMNS} from request_items
    where ${STAFF_TASK} and request_items.due_date = ${query.date}::date${staffMinistry(query.ministryId)}
    order by request_items.request_event_title, request_items.id
    limit ${literal(CALENDAR_LIMIT + 1)}`;
  const rows = rowsOf<CalendarRow>(await run(db, statement, scoped));
  return { date: query.date, items: rows.slice(0, CALENDAR_LIMIT).map(chipOf), truncated: rows.length > CALENDAR_LIMIT };
}
