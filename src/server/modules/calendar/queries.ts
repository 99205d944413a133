import { sql, type SQL } from 'drizzle-orm';
import { CALENDAR_LIMIT, type CalendarQuery, type CalendarResponse } from '../../../shared/api/calendar';
import type { ItemStatus } from '../../../shared/domain/statuses';
import type { SessionUser } from '../../platform/auth/sessions';
import { rowsOf, type Executor } from '../../platform/db/client';
import { executeNamed } from '../../platform/db/prepared';
import { onBoard, readableRequestIds, requestRead } from '../../queries/request-scope';

interface CalendarRow {
  id: string;
  request_id: string;
  channel: string;
  due_date: string;
  event_title: string;
  ministry_id: string | null;
  status: ItemStatus;
}

/**
 * The tasks due within the visible grid (spec 002 section 7): the same items the Production Board
 * shows (live requests, no additional channel that is still waiting for approval or was rejected),
 * optionally of one ministry, due date then event title, bounded to CALENDAR_LIMIT.
 *
 * Scope first (decision 0026): for a requester or viewer the query starts from the requests they
 * may read that have an item due in the range (`readableRequestIds` with `itemsDue`, decision
 * 0041) and probes each one's items in the date range through request_items_request_idx
 * (request_id, due_date); it never reads every item of the month, nor probes every request. The
 * lateral's `offset 0` keeps it a per-request probe (PostgreSQL would otherwise flatten it and may
 * hash the whole month's items). Staff, who read every request, walk request_items_due_idx over the
 * date range.
 */
export async function listCalendar(db: Executor, user: SessionUser, query: CalendarQuery, today: string): Promise<CalendarResponse> {
  const readable = readableRequestIds(user, { live: true, itemsDue: { from: query.from, to: query.to } });
  const inRange = sql`request_items.due_date between ${query.from}::date and ${query.to}::date`;
  const items: SQL = readable
    ? sql`(${readable}) as readable(id)
        cross join lateral (
          select * from request_items where request_items.request_id = readable.id and ${inRange} offset 0
        ) as request_items`
    : sql`request_items`;
  const conditions: SQL[] = [onBoard, requestRead.where(user)];
  if (!readable) conditions.push(inRange);
  if (query.ministryId) conditions.push(sql`requests.ministry_id = ${query.ministryId}`);
  const statement = sql`
    select request_items.id, request_items.request_id, request_items.channel, request_items.due_date::text as due_date,
           requests.event_title, requests.ministry_id, request_items.status
    from ${items}
    join requests on requests.id = request_items.request_id
    where ${sql.join(conditions, sql` and `)}
    order by request_items.due_date, requests.event_title, request_items.id
    limit ${CALENDAR_LIMIT + 1}`;
  // Named only when scoped (decision 0041): its plan is a probe per readable request whatever the
  // dates, so PostgreSQL keeps the parsed text per connection and still plans each call (a generic
  // plan was estimated 20x dearer on the 100k church, so it is not chosen). Staff's walk of the
  // month stays unnamed: a generic plan that does not know the range walked all of it (decision 0040).
  const result = readable ? await executeNamed(db, statement) : await db.execute(statement);
  const rows = rowsOf<CalendarRow>(result);
  return {
    from: query.from,
    to: query.to,
    today,
    items: rows.slice(0, CALENDAR_LIMIT).map((r) => ({
      id: r.id,
      requestId: r.request_id,
      channel: r.channel,
      dueDate: r.due_date,
      eventTitle: r.event_title,
      ministryId: r.ministry_id,
      status: r.status,
    })),
    truncated: rows.length > CALENDAR_LIMIT,
  };
}
