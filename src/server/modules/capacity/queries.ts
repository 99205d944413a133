import { sql } from 'drizzle-orm';
import {
  AVAILABILITY_MAX_DAYS,
  CAPACITY_CELL_PAGE,
  CAPACITY_MESSAGES,
  CAPACITY_WEEKS,
  type AvailabilityResponse,
  type CapacityCellResponse,
  type CapacityResponse,
  type RequestBookingsResponse,
} from '../../../shared/api/capacity';
import { dropReason, loadState, stillPossible, weeksFrom, weekStart, plannedRuns } from '../../../shared/domain/capacity';
import { findChannel, type ChannelConfig, type ChurchConfig } from '../../../shared/domain/church-config';
import { daysBetween } from '../../../shared/domain/dates';
import { rowsOf, type Executor } from '../../platform/db/client';
import { executeBuilt, executeNamed, statementName } from '../../platform/db/prepared';
import { bookingItemSql } from '../../platform/db/predicates';
import { badRequest, notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/auth/sessions';
import { requestRead } from '../../queries/request-scope';

/**
 * Channel capacity reads (decision 0067). Every read takes the kept counts of channel_week_counts,
 * a row per channel and week, so it costs the same on a church of any size; a cell's requests are
 * paged from request_item_bookings, a row per item and week it books.
 */

type CountRow = { channel: string; week: string; booked: number };

/**
 * The kept counts' statement: one text whatever the channels (an array parameter), so it is sent
 * named and built once (decision 0040): drizzle rebuilding it and PostgreSQL parsing it were most of
 * a form question's work beside a statement of a tenth of a millisecond.
 */
const COUNTS_SQL = `select channel, week::text as week, booked from channel_week_counts
  where channel = any($1::text[]) and week between $2::date and $3::date and booked <> 0`;
const COUNTS_STATEMENT = { sql: COUNTS_SQL, name: statementName(COUNTS_SQL) };

/** The booked counts of `channels` over [from, to], keyed "channel|week": one statement. */
async function readCounts(db: Executor, channels: readonly string[], from: string, to: string): Promise<Map<string, number>> {
  if (channels.length === 0) return new Map();
  const rows = rowsOf<CountRow>(await executeBuilt(db, { ...COUNTS_STATEMENT, params: [channels, from, to] }));
  return new Map(rows.map((r) => [`${r.channel}|${r.week}`, Number(r.booked)]));
}

/**
 * The channel x week view: the twelve weeks from the week holding `from` (today by default), each
 * offered channel's booked count against its capacity per week. Channels are the church's, from its
 * configuration (already in memory); the counts are one statement.
 */
export async function readCapacity(db: Executor, config: ChurchConfig, today: string, from?: string): Promise<CapacityResponse> {
  const weeks = weeksFrom(from ?? today, CAPACITY_WEEKS);
  const offered = config.channels.filter((c) => !c.archived);
  const counts = await readCounts(
    db,
    offered.map((c) => c.code),
    weeks[0],
    weeks[weeks.length - 1],
  );
  return {
    weeks,
    channels: offered.map((c) => ({
      channel: c.code,
      label: c.label,
      capacityPer: c.capacityPer,
      capacity: c.capacity,
      cells: weeks.map((week) => {
        const booked = counts.get(`${c.code}|${week}`) ?? 0;
        return { week, booked, load: loadState(booked, c.capacity) };
      }),
    })),
  };
}

type CellRow = {
  id: string;
  request_id: string;
  event_title: string;
  tier: string | null;
  event_start_date: string | null;
  status: string;
  is_additional_request: boolean;
  additional_request_status: string | null;
  due_date: string | null;
  booked: number | null;
};

/** Before every item id: a cell's first page starts after it. */
const FIRST_ITEM = '00000000-0000-0000-0000-000000000000';

/**
 * The requests booking one channel's week, by item id after `cursor`, a page of 50, and the week's
 * kept count: one statement, named (its text is the same for every cell). The page is read from
 * request_item_bookings' key (channel, week, item id), its rows only, whatever the week's bookings.
 */
export async function readCapacityCell(
  db: Executor,
  config: ChurchConfig,
  query: { channel: string; week: string; cursor?: string },
): Promise<CapacityCellResponse> {
  const week = weekStart(query.week);
  const channel = findChannel(config, query.channel);
  const rows = rowsOf<CellRow>(
    await executeNamed(
      db,
      sql`
      with page as (
        select b.item_id from request_item_bookings b
        where b.channel = ${query.channel} and b.week = ${week}::date and b.item_id > ${query.cursor ?? FIRST_ITEM}::uuid
        order by b.item_id limit ${CAPACITY_CELL_PAGE + 1}
      )
      select i.id, i.request_id, i.due_date::text as due_date, i.is_additional_request, i.additional_request_status,
             r.event_title, r.tier, r.event_start_date::text as event_start_date, r.status,
             (select booked from channel_week_counts c where c.channel = ${query.channel} and c.week = ${week}::date) as booked
      from (select 1) one
      left join page p on true
      left join request_items i on i.id = p.item_id
      left join requests r on r.id = i.request_id
      order by p.item_id`,
    ),
  );
  const booked = Number(rows[0]?.booked ?? 0);
  const items = rows.filter((r) => r.id !== null);
  const page = items.slice(0, CAPACITY_CELL_PAGE);
  return {
    channel: query.channel,
    week,
    booked,
    capacity: channel?.capacity ?? null,
    items: page.map((r) => ({
      itemId: r.id,
      requestId: r.request_id,
      eventTitle: r.event_title,
      tier: r.tier,
      eventStartDate: r.event_start_date,
      requestStatus: r.status,
      isAdditionalRequest: r.is_additional_request,
      additionalRequestStatus: r.additional_request_status,
      dueDate: r.due_date,
    })),
    nextCursor: items.length > CAPACITY_CELL_PAGE ? page[page.length - 1].id : null,
  };
}

/**
 * What the new-request form shows once the dates and channels are known: for each channel whether it
 * is still possible (stillPossible), its due date, and the load of each week it would book, the
 * counts in one statement. The window must run forwards and be at most AVAILABILITY_MAX_DAYS long.
 */
export async function readAvailability(
  db: Executor,
  config: ChurchConfig,
  today: string,
  query: { promotionStart: string; eventStart: string; channels: string[] },
): Promise<AvailabilityResponse> {
  const window = { start: query.promotionStart, end: query.eventStart };
  if (window.end < window.start) throw badRequest(CAPACITY_MESSAGES.windowOrder, { eventStart: CAPACITY_MESSAGES.windowOrder });
  if (daysBetween(window.start, window.end) > AVAILABILITY_MAX_DAYS) throw badRequest(CAPACITY_MESSAGES.windowTooLong);
  const known = query.channels.map((code) => findChannel(config, code)).filter((c): c is ChannelConfig => !!c);
  const counts = await readCounts(
    db,
    known.map((c) => c.code),
    weekStart(window.start),
    window.end,
  );
  return {
    today,
    channels: known.map((c) => {
      const p = stillPossible(today, window, c);
      const running = new Set(p.runs.map((r) => r.week));
      return {
        channel: c.code,
        label: c.label,
        state: p.state,
        firstRun: p.firstRun,
        plannedFirstRun: p.plannedFirstRun,
        dueDate: p.dueDate,
        leadTimeDays: c.leadTimeDays,
        capacity: c.capacity,
        capacityPer: c.capacityPer,
        reason: p.state === 'not_possible' ? dropReason(p, c) : null,
        weeks: plannedRuns(window, c).map((r) => {
          const booked = counts.get(`${c.code}|${r.week}`) ?? 0;
          return { week: r.week, from: r.from, booked, load: loadState(booked, c.capacity), runs: running.has(r.week) };
        }),
      };
    }),
  };
}

/**
 * The weeks one request's items book, each with its channel's load (guide: requests.md#channel-capacity):
 * the drawer's "Weeks booked", for whoever may open the request. One statement: the request (only if
 * the person may read it), its booking items' weeks and each week's kept count. A request the person
 * may not read is not found, as the drawer answers.
 */
export async function readRequestBookings(
  db: Executor,
  config: ChurchConfig,
  user: SessionUser,
  requestId: string,
): Promise<RequestBookingsResponse> {
  const rows = rowsOf<{ channel: string | null; week: string | null; booked: number | null }>(
    await db.execute(sql`
      select b.channel, b.week, b.booked
      from (select requests.id from requests where requests.id = ${requestId}::uuid and ${requestRead.where(user)}) as r
      left join lateral (
        select distinct i.channel, w.week::text as week, coalesce(c.booked, 0)::int as booked
        from request_items i
        cross join lateral unnest(i.booked_weeks) as w(week)
        left join channel_week_counts c on c.channel = i.channel and c.week = w.week
        where i.request_id = r.id and ${sql.raw(bookingItemSql('i'))}
      ) as b on true
      order by b.channel, b.week`),
  );
  if (rows.length === 0) throw notFound('Request not found.');
  const byChannel = new Map<string, { week: string; booked: number }[]>();
  for (const r of rows) {
    if (r.channel === null || r.week === null) continue;
    byChannel.set(r.channel, [...(byChannel.get(r.channel) ?? []), { week: r.week, booked: Number(r.booked) }]);
  }
  const position = (code: string) => {
    const i = config.channels.findIndex((c) => c.code === code);
    return i < 0 ? config.channels.length : i;
  };
  return {
    channels: [...byChannel.entries()]
      .sort(([a], [b]) => position(a) - position(b) || a.localeCompare(b))
      .map(([code, weeks]) => {
        const channel = findChannel(config, code);
        const capacity = channel?.capacity ?? null;
        return {
          channel: code,
          label: channel?.label ?? code,
          capacityPer: channel?.capacityPer ?? 'week',
          capacity,
          cells: weeks.map((w) => ({ week: w.week, booked: w.booked, load: loadState(w.booked, capacity) })),
        };
      }),
  };
}
