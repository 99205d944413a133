import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type {
  ArchiveKind,
  ArchiveResponse,
  EventPromotionsResponse,
  IntakeFilters,
  IntakeFullWeek,
  IntakeListedRow,
  IntakeResponse,
  ListCount,
  MinistryDto,
  MyRequestSection,
  MyRequestsFilters,
  MyRequestsResponse,
  PersonDto,
} from '../../../shared/api/requests';
import { EVENT_PROMOTIONS_LIMIT, LIST_COUNT_CAP, REQUEST_LIST_LIMIT } from '../../../shared/api/requests';
import { ARCHIVED_REQUEST_STATUSES, DONE_ITEM_STATUSES, type MinistryTier, type Tier } from '../../../shared/domain/statuses';
import { weekStart } from '../../../shared/domain/capacity';
import { readinessPercent, windowEndDate, type PromotionDayWindow, type PromotionTierFilter } from '../../../shared/domain/promotions';
import type { SessionUser } from '../../platform/auth/sessions';
import { rowsOf, type Executor } from '../../platform/db/client';
import { executeNamed } from '../../platform/db/prepared';
import { decodeCursor, isoTimestamp, pageOf, timestampKey } from '../../platform/db/list-cursor';
import { ministries, users } from '../../platform/db/schema';
import { archivedRequestSql, bookingItemSql, countedItemSql, liveRequestSql } from '../../platform/db/predicates';
import { literal, literalList } from '../../queries/sql-lists';
import { containsPattern, requestRead } from '../../queries/request-scope';
import { requestListPolicy } from './policy';

/**
 * The reads behind the request lists (guide/requests.md#my-requests), a keyset page at a time (decision
 * 0025). Each list walks a partial index in its own order (schema.ts, requests_*_idx) from the
 * cursor and stops after one page; the user's scope is where the walk starts (their own rows, the
 * rows they coordinate, the rows shared with them), so a row the user may not see is never read.
 * The first page also counts the matches, up to LIST_COUNT_CAP ("200+"), never all of them.
 *
 * The SQL is written out (not the query builder) because the plan is the point: the archived
 * status lists are literals, so the planner can prove the partial indexes' predicates.
 */

const LIVE = sql.raw(liveRequestSql('requests'));
const ARCHIVED = sql.raw(archivedRequestSql('requests'));

/** The on-behalf-of name replaces the requester's own name (guide/requests.md#my-requests). */
const REQUESTER_NAME = sql`coalesce(requests.requester_name_override, requester.full_name)`;
const BASE_JOINS = sql`join users requester on requester.id = requests.requester_id
  left join ministries on ministries.id = requests.ministry_id`;

/**
 * The first page's count as a column of the page's own statement: a bounded look-ahead, never a
 * total. The rows of `from ... where ...` are counted up to the cap, walking the list's own index
 * (`orderBy`), so the look-ahead reads at most cap + 1 index entries; PostgreSQL computes the
 * uncorrelated subquery once, in the same snapshot as the page. A second statement would cost a
 * round trip and its own building and parsing on every first page.
 */
function firstPageCountColumn(wanted: boolean, fromWhere: SQL, orderBy: SQL | null): SQL {
  if (!wanted) return sql`null::int`;
  return sql`(select count(*)::int from (select 1 ${fromWhere} ${orderBy ? sql`order by ${orderBy}` : sql``} limit ${literal(LIST_COUNT_CAP + 1)}) capped)`;
}

/** The count read by `firstPageCountColumn`: null past the first page or for an export's batch. */
function countOf(wanted: boolean, rows: Array<{ capped_count: number | null }>): ListCount | null {
  if (!wanted) return null;
  const n = Number(rows[0]?.capped_count ?? 0);
  return { count: Math.min(n, LIST_COUNT_CAP), more: n > LIST_COUNT_CAP };
}

const and_ = (parts: SQL[]) => sql.join(parts, sql` and `);

/**
 * How much of a list one read returns: the screen's page (the default, counted on the first page)
 * or an export's batch (a larger page of the same walk, not counted).
 */
export interface PageOptions {
  limit?: number;
  count?: boolean;
}

/**
 * A search (ilike '%text%') is a filter on the list's index walk: nothing can seek to a substring.
 * The requester's name is matched through the few users whose name matches (a hashed subplan)
 * rather than a join per request, which is what makes a search that matches little affordable.
 * Same meaning as `coalesce(requester_name_override, requester.full_name) ilike pattern`.
 */
function searchWhere(text: string, opts: { ministryName: boolean }): SQL {
  const pattern = containsPattern(text);
  const ministry = opts.ministryName
    ? sql` or requests.ministry_id in (select ministries.id from ministries where ministries.name ilike ${pattern})`
    : sql``;
  return sql`(requests.event_title ilike ${pattern}${ministry}
    or requests.requester_name_override ilike ${pattern}
    or (requests.requester_name_override is null
        and requests.requester_id in (select users.id from users where users.full_name ilike ${pattern})))`;
}

// ---------------------------------------------------------------- look-ups

export async function listMinistries(db: Executor, includeInactive: boolean): Promise<MinistryDto[]> {
  const rows = await db
    .select({ id: ministries.id, name: ministries.name, defaultTier: ministries.defaultTier, active: ministries.active })
    .from(ministries)
    .where(includeInactive ? undefined : eq(ministries.active, true))
    .orderBy(asc(ministries.name));
  return rows.map((r) => ({ ...r, defaultTier: r.defaultTier as MinistryTier }));
}

/** Coordinator candidates: active admins and coordinators (guide/requests.md#my-requests). */
export async function listCoordinators(db: Executor): Promise<PersonDto[]> {
  return db
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(and(inArray(users.role, ['admin', 'coordinator']), eq(users.active, true), eq(users.isExternal, false)))
    .orderBy(asc(users.fullName), asc(users.id));
}

// ---------------------------------------------------------------- My Requests

/** Where a walk over the user's scope starts; each has its own index. */
type ScopeSource = 'requested' | 'coordinated' | 'shared';

/**
 * The user's id as a one-row subquery where the rows per person vary most (decision 0045): the
 * planner then estimates a coordinator's or a viewer's rows as an average person's on every call,
 * the same as a cached generic plan does, so PostgreSQL keeps the generic plan instead of planning
 * afresh for each person (which cost more than the query itself on a large church).
 */
const personParam = (me: string) => sql`(select ${me}::uuid)`;

/** The rows a walk reads, named `requests` for the filters that follow. */
function sourceFrom(source: ScopeSource, me: string): SQL {
  if (source !== 'shared') return sql`requests`;
  // request_viewers_user_idx, then each shared request by its key (the lateral's offset keeps it a
  // probe per share): the walk is bounded by the person's shares, never by the church's requests.
  return sql`(select rv.request_id from request_viewers rv where rv.user_id = ${personParam(me)}) shared
    cross join lateral (select requests.* from requests where requests.id = shared.request_id offset 0) requests`;
}

function sourceWhere(source: ScopeSource, me: string): SQL {
  if (source === 'requested') return sql`requests.requester_id = ${me}`; // requests_requester_live_idx
  if (source === 'coordinated') return sql`requests.current_coordinator_id = ${personParam(me)}`; // requests_coordinator_live_idx
  return sql`true`; // the shares are the walk's own rows (sourceFrom)
}

/**
 * Which requests each section of My Requests holds (guide/requests.md#my-requests): coordinators and above
 * see what they requested, coordinate or are shared on; viewers only what is shared with them;
 * everyone else their own. `mine` is what the user requested, `team` the rest, `all` both.
 */
function sectionSources(user: SessionUser, section: MyRequestSection): Array<{ source: ScopeSource; requester?: 'me' | 'others' }> {
  if (user.role === 'viewer') {
    const requester = section === 'mine' ? 'me' : section === 'team' ? 'others' : undefined;
    return [{ source: 'shared', requester }];
  }
  if (requestListPolicy.seeCoordinated.allows(user, null)) {
    if (section === 'mine') return [{ source: 'requested' }];
    const others = [
      { source: 'coordinated' as const, requester: 'others' as const },
      { source: 'shared' as const, requester: 'others' as const },
    ];
    return section === 'team' ? others : [{ source: 'requested' }, ...others];
  }
  return section === 'team' ? [] : [{ source: 'requested' }];
}

function myRequestsFilters(filters: MyRequestsFilters): SQL[] {
  const out: SQL[] = [LIVE];
  if (filters.search) out.push(searchWhere(filters.search, { ministryName: false }));
  if (filters.status) out.push(sql`requests.status = ${filters.status}`);
  if (filters.ministryId) out.push(sql`requests.ministry_id = ${filters.ministryId}`);
  if (filters.coordinatorId === 'unassigned') out.push(sql`requests.current_coordinator_id is null`);
  else if (filters.coordinatorId) out.push(sql`requests.current_coordinator_id = ${filters.coordinatorId}`);
  return out;
}

const MY_REQUESTS_KEYS = ['timestamp', 'uuid'] as const;

/** One page of one section of My Requests, newest submitted first (submitted_at desc, id desc). */
export async function listMyRequests(
  db: Executor,
  user: SessionUser,
  filters: MyRequestsFilters,
  { limit = REQUEST_LIST_LIMIT, count = true }: PageOptions = {},
): Promise<MyRequestsResponse> {
  const cursor = decodeCursor(filters.cursor, MY_REQUESTS_KEYS);
  const sources = sectionSources(user, filters.section);
  if (sources.length === 0) return { rows: [], nextCursor: null, total: cursor || !count ? null : { count: 0, more: false }, limit };
  const me = user.id;
  const common = myRequestsFilters(filters);
  const whereOf = (s: (typeof sources)[number]) => {
    const parts = [sourceWhere(s.source, me), ...common];
    if (s.requester === 'me') parts.push(sql`requests.requester_id = ${me}`);
    if (s.requester === 'others') parts.push(sql`requests.requester_id <> ${me}`);
    return and_(parts);
  };
  const after = cursor ? sql` and (requests.submitted_at, requests.id) < (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)` : sql``;
  // Each source walks its own index newest first and stops after what the page needs, or on the
  // first page after what the count needs (the cap, which is more than a page); the union of those
  // few rows is both counted and ordered once more for the page. One walk per source serves both,
  // so the statement is half the size to plan and each index is read once. A request both
  // coordinated and shared comes once (distinct; one walk alone has no repeats). The page of the
  // union is the union's page: each source's newest `limit + 1` rows are among its newest `cap + 1`.
  const wantCount = count && !cursor;
  const walk = literal(wantCount ? Math.max(limit, LIST_COUNT_CAP) + 1 : limit + 1);
  const branches = sources.map(
    (s) => sql`(select requests.id, requests.submitted_at from ${sourceFrom(s.source, me)}
      where ${whereOf(s)}${after}
      order by requests.submitted_at desc, requests.id desc limit ${walk})`,
  );
  const scope = sql.join(branches, sql` union all `);
  const countColumn = firstPageCountColumn(wantCount, sql`from scope`, null);
  const rows = rowsOf<{
    id: string;
    event_title: string;
    ministry_name: string | null;
    requester_name: string;
    coordinator_name: string | null;
    status: string;
    promotion_start_date: string | null;
    submitted_at: string;
    key: string;
    capped_count: number | null;
  }>(
    await executeNamed(
      db,
      sql`
      with scope as (select ${sources.length > 1 ? sql`distinct ` : sql``}walked.id, walked.submitted_at from (${scope}) walked)
      select requests.id, requests.event_title, ministries.name as ministry_name, ${REQUESTER_NAME} as requester_name,
             coordinator.full_name as coordinator_name, requests.status, requests.promotion_start_date::text as promotion_start_date,
             ${isoTimestamp(sql`requests.submitted_at`)} as submitted_at, ${timestampKey(sql`requests.submitted_at`)} as key,
             ${countColumn} as capped_count
      from (select scope.id, scope.submitted_at from scope order by scope.submitted_at desc, scope.id desc limit ${literal(limit + 1)}) page
      join requests on requests.id = page.id
      ${BASE_JOINS}
      left join users coordinator on coordinator.id = requests.current_coordinator_id
      order by requests.submitted_at desc, requests.id desc`,
    ),
  );
  const { page, nextCursor } = pageOf(rows, limit, (r) => [r.key, r.id]);
  const total = countOf(wantCount, rows);
  return {
    rows: page.map((r) => ({
      id: r.id,
      eventTitle: r.event_title,
      ministryName: r.ministry_name,
      requesterName: r.requester_name,
      coordinatorName: r.coordinator_name,
      status: r.status,
      promotionStartDate: r.promotion_start_date,
      submittedAt: r.submitted_at,
    })),
    nextCursor,
    total,
    limit,
  };
}

// ---------------------------------------------------------------- Intake

/** The intake order: soonest promotion first, undated last (as 'infinity'), then submitted, id. */
const PROMOTION_KEY = sql`coalesce(requests.promotion_start_date, 'infinity'::date)`;
const INTAKE_KEYS = ['date', 'timestamp', 'uuid'] as const;

/**
 * Intake's status filter. 'In Progress' means work under way: the requests in production (which is
 * what the first assignment sets), and the older stored 'in_progress'. A list written into the
 * text, so the named statement's generic plan knows it and `requests_status_idx` serves it.
 */
export const INTAKE_IN_PROGRESS = ['in_production', 'in_progress'] as const;
function intakeStatusWhere(status: NonNullable<IntakeFilters['status']>): SQL {
  return status === 'in_progress' ? sql`requests.status in (${literalList(INTAKE_IN_PROGRESS)})` : sql`requests.status = ${status}`;
}

/**
 * What the intake queue shows beside each request of its page (guide/intake-and-approvals.md#the-intake-queue):
 * the Sundays or weeks still to come that it books and that are full or over their channel's
 * capacity (its items' booked weeks against the kept counts, a key look-up each; a week gone by
 * can no longer be changed) and its open items due before `today`. Read for the page's rows only,
 * after the limit, through request_items_request_idx.
 */
function intakeFlagsSql(today: string): SQL {
  return sql`
    (select coalesce(json_agg(json_build_object('channel', ch.code, 'label', ch.label, 'capacityPer', ch.capacity_per,
              'week', b.week::text, 'booked', c.booked, 'capacity', ch.capacity) order by ch.position, ch.code, b.week), '[]')
       from (select distinct i.channel, w.week from request_items i cross join lateral unnest(i.booked_weeks) as w(week)
             where i.request_id = page.id and ${sql.raw(bookingItemSql('i'))} and w.week >= ${weekStart(today)}::date) b
       join channels ch on ch.code = b.channel and ch.capacity is not null
       join channel_week_counts c on c.channel = b.channel and c.week = b.week and c.booked >= ch.capacity) as full_weeks,
    (select count(*)::int from request_items i
       where i.request_id = page.id and ${sql.raw(bookingItemSql('i'))} and i.status not in (${literalList(DONE_ITEM_STATUSES)})
         and i.due_date < ${today}::date) as missed_due_dates`;
}

interface IntakeListed {
  rows: IntakeListedRow[];
  nextCursor: string | null;
  total: ListCount | null;
  limit: number;
}

/**
 * One page of the intake queue's walk: every non-archived request, soonest promotion first. With
 * `today`, each row also says what intakeFlagsSql reads; the export's batches leave it out.
 */
async function intakePage<R>(
  db: Executor,
  filters: IntakeFilters,
  { limit = REQUEST_LIST_LIMIT, count = true }: PageOptions,
  today: string | null,
  flagsOf: (row: { full_weeks: IntakeFullWeek[] | null; missed_due_dates: number | null }) => R,
): Promise<Omit<IntakeListed, 'rows'> & { rows: Array<IntakeListedRow & R> }> {
  const cursor = decodeCursor(filters.cursor, INTAKE_KEYS);
  const where: SQL[] = [LIVE];
  if (filters.search) where.push(searchWhere(filters.search, { ministryName: true }));
  if (filters.status) where.push(intakeStatusWhere(filters.status));
  if (filters.ministryId) where.push(sql`requests.ministry_id = ${filters.ministryId}`);
  const after = cursor
    ? [sql`(${PROMOTION_KEY}, requests.submitted_at, requests.id) > (${cursor[0]}::date, ${cursor[1]}::timestamptz, ${cursor[2]}::uuid)`]
    : [];
  const wantCount = count && !cursor;
  const rows = rowsOf<{
    id: string;
    event_title: string;
    ministry_name: string | null;
    requester_name: string;
    status: string;
    promotion_start_date: string | null;
    promotion_key: string;
    submitted_key: string;
    capped_count: number | null;
    full_weeks: IntakeFullWeek[] | null;
    missed_due_dates: number | null;
  }>(
    await executeNamed(
      db,
      sql`
      select page.*${today === null ? sql`` : sql`, ${intakeFlagsSql(today)}`}
      from (
        select requests.id, requests.event_title, ministries.name as ministry_name, ${REQUESTER_NAME} as requester_name,
               requests.status, requests.promotion_start_date::text as promotion_start_date,
               ${PROMOTION_KEY} as promotion_order, requests.submitted_at as submitted_order,
               ${PROMOTION_KEY}::text as promotion_key, ${timestampKey(sql`requests.submitted_at`)} as submitted_key,
               ${firstPageCountColumn(wantCount, sql`from requests where ${and_(where)}`, sql`${PROMOTION_KEY}, requests.submitted_at, requests.id`)} as capped_count
        from requests ${BASE_JOINS}
        where ${and_([...where, ...after])}
        order by ${PROMOTION_KEY}, requests.submitted_at, requests.id
        limit ${literal(limit + 1)}
      ) page
      order by page.promotion_order, page.submitted_order, page.id`, // the limit, a code constant, in the text: the generic plan knows it (decision 0042)
    ),
  );
  const { page, nextCursor } = pageOf(rows, limit, (r) => [r.promotion_key, r.submitted_key, r.id]);
  return {
    rows: page.map((r) => ({
      id: r.id,
      eventTitle: r.event_title,
      ministryName: r.ministry_name,
      requesterName: r.requester_name,
      status: r.status,
      promotionStartDate: r.promotion_start_date,
      ...flagsOf(r),
    })),
    nextCursor,
    total: countOf(wantCount, rows),
    limit,
  };
}

/** The intake queue's page, each request with its full weeks and missed due dates as of the church's `today`. */
export function listIntake(db: Executor, filters: IntakeFilters, today: string, options: PageOptions = {}): Promise<IntakeResponse> {
  return intakePage(db, filters, options, today, (r) => ({
    fullWeeks: (r.full_weeks ?? []).map((w) => ({ ...w, booked: Number(w.booked), capacity: Number(w.capacity) })),
    missedDueDates: Number(r.missed_due_dates ?? 0),
  }));
}

/** A batch of the intake queue's CSV export: the screen's columns, without the capacity flags. */
export function listIntakeBatch(db: Executor, filters: IntakeFilters, options: PageOptions): Promise<IntakeListed> {
  return intakePage(db, filters, options, null, () => ({}));
}

// ---------------------------------------------------------------- Archive

const ARCHIVE_STATUS: Record<ArchiveKind, (typeof ARCHIVED_REQUEST_STATUSES)[number]> = {
  recurring: 'archived_recurring',
  onetime: 'archived_onetime',
};
/** Newest archived first, undated last (as '-infinity' in a descending walk), then id. */
const ARCHIVED_KEY = sql`coalesce(requests.archived_at, '-infinity'::timestamptz)`;
const ARCHIVE_KEYS = ['timestamp', 'uuid'] as const;

/** Archived requests of one kind, newest archived first; coordinators see all, others their own. */
export async function listArchive(
  db: Executor,
  user: SessionUser,
  kind: ArchiveKind,
  rawCursor?: string,
  { limit = REQUEST_LIST_LIMIT, count = true }: PageOptions = {},
): Promise<ArchiveResponse> {
  const cursor = decodeCursor(rawCursor, ARCHIVE_KEYS);
  // requests_archive_idx (status, key, id), or for one's own requests_requester_archive_idx.
  // The kind's status and the page size are the code's constants, written into the text, and the
  // requester as a one-row subquery: the generic plan then estimates what a custom plan would and
  // is kept, instead of a plan per call (decisions 0042, 0045).
  const where: SQL[] = [ARCHIVED, sql`requests.status = ${literal(ARCHIVE_STATUS[kind])}`];
  if (!requestListPolicy.seeEveryArchived.allows(user, null)) where.push(sql`requests.requester_id = ${personParam(user.id)}`);
  const after = cursor ? [sql`(${ARCHIVED_KEY}, requests.id) < (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`] : [];
  const wantCount = count && !cursor;
  const rows = rowsOf<{
    id: string;
    event_title: string;
    ministry_name: string | null;
    requester_name: string;
    tier: Tier | null;
    event_start_date: string | null;
    archived_at: string | null;
    archived_by_name: string | null;
    key: string;
    capped_count: number | null;
  }>(
    await executeNamed(
      db,
      sql`
      select requests.id, requests.event_title, ministries.name as ministry_name, ${REQUESTER_NAME} as requester_name,
             requests.tier, requests.event_start_date::text as event_start_date,
             ${isoTimestamp(sql`requests.archived_at`)} as archived_at, archived_by.full_name as archived_by_name,
             ${timestampKey(ARCHIVED_KEY)} as key,
             ${firstPageCountColumn(wantCount, sql`from requests where ${and_(where)}`, sql`${ARCHIVED_KEY} desc, requests.id desc`)} as capped_count
      from requests ${BASE_JOINS}
      left join users archived_by on archived_by.id = requests.archived_by
      where ${and_([...where, ...after])}
      order by ${ARCHIVED_KEY} desc, requests.id desc
      limit ${literal(limit + 1)}`,
    ),
  );
  const { page, nextCursor } = pageOf(rows, limit, (r) => [r.key, r.id]);
  return {
    rows: page.map((r) => ({
      id: r.id,
      eventTitle: r.event_title,
      ministryName: r.ministry_name,
      requesterName: r.requester_name,
      tier: r.tier,
      eventStartDate: r.event_start_date,
      archivedAt: r.archived_at,
      archivedByName: r.archived_by_name,
    })),
    nextCursor,
    total: countOf(wantCount, rows),
    limit,
  };
}

// ---------------------------------------------------------------- Event promotions

const PROMOTION_KEYS = ['date', 'text', 'uuid'] as const;

/**
 * Upcoming events with their items' progress, soonest first. Scope: every non-archived event,
 * for every role that may open the screen (requester and above). Event promotions is the
 * church-wide planning calendar of guide/requests.md#my-requests: a requester plans their own event around
 * the others, and the rows carry only titles, dates, names and progress, nothing a requester
 * could not learn from the Sunday slides. Editing stays with the drawer's own scope rules.
 *
 * The page is cut first (requests_promotions_idx walks live events by date, title, id); only its
 * requests' items are counted, each through request_items_request_idx. Rejected additional items
 * will never be produced, so they count neither as items nor as done.
 */
export async function listEventPromotions(
  db: Executor,
  user: SessionUser,
  today: string,
  filters: { days: PromotionDayWindow; tier?: PromotionTierFilter; cursor?: string },
): Promise<EventPromotionsResponse> {
  const cursor = decodeCursor(filters.cursor, PROMOTION_KEYS);
  const end = windowEndDate(today, filters.days);
  const where: SQL[] = [LIVE, sql`requests.event_start_date is not null`, sql`requests.event_start_date >= ${today}::date`];
  if (end) where.push(sql`requests.event_start_date <= ${end}::date`);
  if (filters.tier) where.push(sql`requests.tier = ${filters.tier}`);
  const after = cursor
    ? [sql`(requests.event_start_date, requests.event_title, requests.id) > (${cursor[0]}::date, ${cursor[1]}, ${cursor[2]}::uuid)`]
    : [];
  const rows = rowsOf<{
    id: string;
    event_title: string;
    event_start_date: string;
    event_end_date: string | null;
    tier: Tier | null;
    status: string;
    ministry_name: string | null;
    requester_name: string;
    coordinator_name: string | null;
    can_view: boolean;
    item_count: number;
    done_count: number;
    capped_count: number | null;
  }>(
    await executeNamed(
      db,
      sql`
      select page.*, counts.item_count, counts.done_count,
             ${firstPageCountColumn(!cursor, sql`from requests where ${and_(where)}`, sql`requests.event_start_date, requests.event_title, requests.id`)} as capped_count
      from (
        select requests.id, requests.event_title, requests.event_start_date::text as event_start_date,
               requests.event_end_date::text as event_end_date, requests.tier, requests.status,
               ministries.name as ministry_name, ${REQUESTER_NAME} as requester_name,
               coordinator.full_name as coordinator_name, ${requestRead.where(user)} as can_view
        from requests ${BASE_JOINS}
        left join users coordinator on coordinator.id = requests.current_coordinator_id
        where ${and_([...where, ...after])}
        order by requests.event_start_date, requests.event_title, requests.id
        limit ${EVENT_PROMOTIONS_LIMIT + 1}
      ) page
      cross join lateral (
        select count(*)::int as item_count,
               (count(*) filter (where i.status in (${literalList(DONE_ITEM_STATUSES)})))::int as done_count
        from request_items i
        where i.request_id = page.id and ${sql.raw(countedItemSql('i'))}
      ) counts
      order by page.event_start_date, page.event_title, page.id`,
    ),
  );
  const { page, nextCursor } = pageOf(rows, EVENT_PROMOTIONS_LIMIT, (r) => [r.event_start_date, r.event_title, r.id]);
  return {
    today,
    events: page.map((r) => ({
      id: r.id,
      eventTitle: r.event_title,
      eventStartDate: r.event_start_date,
      eventEndDate: r.event_end_date,
      tier: r.tier,
      status: r.status,
      ministryName: r.ministry_name,
      requesterName: r.requester_name,
      coordinatorName: r.coordinator_name,
      itemCount: Number(r.item_count),
      doneCount: Number(r.done_count),
      readiness: readinessPercent(Number(r.done_count), Number(r.item_count)),
      canView: Boolean(r.can_view),
    })),
    nextCursor,
    total: countOf(!cursor, rows),
    limit: EVENT_PROMOTIONS_LIMIT,
  };
}
