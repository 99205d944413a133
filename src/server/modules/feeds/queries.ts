import { sql, type SQL } from 'drizzle-orm';
import type { FeedKind } from '../../../shared/api/feeds';
import type { PermissionUser } from '../../../shared/domain/request-permissions';
import { rowsOf, type Executor } from '../../platform/db/client';
import { liveUncancelledRequestSql } from '../../platform/db/predicates';
import { connectedRequestIds, onBoard, requestRead } from '../../queries/request-scope';
import { sundayWorkOf } from '../../queries/sunday-work';

/** A feed found by its token, with what its owner is now (role, active) read in the same statement. */
export interface FeedOwner {
  feedId: string;
  kind: FeedKind;
  ministryId: string | null;
  user: PermissionUser;
  /** The ETag of the text last served and when that text first was (null before the first fetch). */
  bodyEtag: string | null;
  bodyChangedAt: Date | null;
}

/** How often a fetch records "last used": calendar apps poll, and a write per poll is not needed. */
const LAST_USED_GRANULARITY = sql`interval '1 hour'`;

/**
 * The feed of a token hash and its owner, only while the owner is active: a deactivated person's
 * feeds answer like a wrong token. The same statement notes the fetch in last_used_at (at most
 * hourly), so a fetch costs one statement before its content.
 */
export async function findFeedByTokenHash(db: Executor, tokenHash: string): Promise<FeedOwner | null> {
  // A data-modifying WITH runs whether or not the outer select reads it (PostgreSQL docs 7.8.4).
  const result = await db.execute(sql`
    with feed as (
      select f.id, f.kind, f.ministry_id, f.body_etag, f.body_changed_at, u.id as user_id, u.role
      from calendar_feeds f join users u on u.id = f.user_id
      where f.token_hash = ${tokenHash} and u.active
    ), touched as (
      update calendar_feeds set last_used_at = now()
      where id in (select id from feed) and (last_used_at is null or last_used_at < now() - ${LAST_USED_GRANULARITY})
    )
    select feed.* from feed`);
  const [row] = rowsOf<{
    id: string;
    kind: FeedKind;
    ministry_id: string | null;
    body_etag: string | null;
    body_changed_at: string | Date | null;
    user_id: string;
    role: string;
  }>(result);
  if (!row) return null;
  return {
    feedId: row.id,
    kind: row.kind,
    ministryId: row.ministry_id,
    user: { id: row.user_id, role: row.role },
    bodyEtag: row.body_etag,
    bodyChangedAt: row.body_changed_at === null ? null : new Date(row.body_changed_at),
  };
}

/**
 * Notes that a feed's text changed (a new ETag) and since when: written only when the ETag differs
 * from the one stored, so an unchanged feed polled every few minutes writes nothing. Returns the
 * instant stored, Last-Modified from now on.
 */
export async function noteFeedBody(db: Executor, feedId: string, etag: string): Promise<Date> {
  const result = await db.execute(sql`
    update calendar_feeds set body_etag = ${etag}, body_changed_at = date_trunc('second', now())
    where id = ${feedId} returning body_changed_at`);
  const [row] = rowsOf<{ body_changed_at: string | Date }>(result);
  return row ? new Date(row.body_changed_at) : new Date(Math.floor(Date.now() / 1000) * 1000);
}

/**
 * One row of a feed: a request (its event and promotion dates), an item (its due date) or, in a
 * personal feed, a piece of the owner's Sunday work (decision 0058: `item_id` its id, `channel`
 * its kind, `event_title` its title, `event_start_date` its Sunday, `ministry_name` its runway).
 */
export interface FeedRow {
  row_kind: 'request' | 'item' | 'sunday';
  /** Null for Sunday work. */
  request_id: string;
  event_title: string;
  ministry_name: string | null;
  location: string | null;
  start_time: string | null;
  end_time: string | null;
  event_start_date: string | null;
  event_end_date: string | null;
  promotion_start_date: string | null;
  item_id: string | null;
  channel: string | null;
  item_status: string | null;
  due_date: string | null;
  assignee_name: string | null;
  updated_ms: number;
}

export interface FeedScope {
  kind: FeedKind;
  owner: PermissionUser;
  /** The team feed's filter. */
  ministryId: string | null;
  from: string;
  to: string;
}

/** Live and still happening: archived requests and cancelled ones are in no feed. */
const LIVE = sql.raw(liveUncancelledRequestSql('requests'));

/**
 * Everything a feed shows, in one statement whatever its size: the requests whose event or
 * promotion falls in the window, and the items due in it.
 *
 * - personal: the requests the owner is part of (requested, coordinates, is assigned work on or
 *   has been shared: `connectedRequestIds`, whatever their role) and may still open (`requestRead`,
 *   the drawer's rule), and the items assigned to the owner on such requests (production work
 *   only: `onBoard`, as the board and the calendar). The whole church's dates are the team feed's.
 * - team (coordinators and above, checked by the caller): every live request and every item on the
 *   board, narrowed to one ministry when the feed is.
 */
export async function feedRows(db: Executor, scope: FeedScope): Promise<FeedRow[]> {
  const { owner, from, to } = scope;
  const ministry: SQL = scope.kind === 'team' && scope.ministryId ? sql`requests.ministry_id = ${scope.ministryId}` : sql`true`;
  const requestSource =
    scope.kind === 'personal'
      ? sql`(${connectedRequestIds(owner, { live: true })}) as connected(id) join requests on requests.id = connected.id`
      : sql`requests`;
  const canRead = scope.kind === 'personal' ? requestRead.where(owner) : sql`true`;
  const mine = scope.kind === 'personal' ? sql`request_items.assignee_id = ${owner.id}` : sql`true`;
  const assignee = scope.kind === 'team' ? sql`u.full_name` : sql`null::text`;
  const result = await db.execute(sql`
    select 'request' as row_kind, requests.id as request_id, requests.event_title, m.name as ministry_name, requests.location,
           requests.start_time, requests.end_time, requests.event_start_date::text as event_start_date,
           requests.event_end_date::text as event_end_date, requests.promotion_start_date::text as promotion_start_date,
           null::uuid as item_id, null::text as channel, null::text as item_status, null::text as due_date, null::text as assignee_name,
           (extract(epoch from requests.updated_at) * 1000)::float8 as updated_ms
    from ${requestSource}
    left join ministries m on m.id = requests.ministry_id
    where ${LIVE} and ${canRead} and ${ministry}
      and ((coalesce(requests.event_end_date, requests.event_start_date) >= ${from}::date and requests.event_start_date <= ${to}::date)
           or requests.promotion_start_date between ${from}::date and ${to}::date)
    union all
    select 'item', requests.id, requests.event_title, m.name, null, null, null, null, null, null,
           request_items.id, request_items.channel, request_items.status, request_items.due_date::text, ${assignee},
           (extract(epoch from request_items.updated_at) * 1000)::float8
    from request_items
    join requests on requests.id = request_items.request_id
    left join ministries m on m.id = requests.ministry_id
    ${scope.kind === 'team' ? sql`left join users u on u.id = request_items.assignee_id` : sql``}
    where ${mine} and ${onBoard} and ${LIVE} and ${canRead} and ${ministry}
      and request_items.due_date between ${from}::date and ${to}::date
    ${scope.kind === 'personal' ? sundayWork(owner.id, from, to) : sql``}
    order by 1, 2, 11`);
  return rowsOf<FeedRow>(result).map((r) => ({ ...r, updated_ms: Number(r.updated_ms) }));
}

/** The personal feed's third branch: the owner's open Sunday work due in the window, on its partial indexes. */
const sundayWork = (ownerId: string, from: string, to: string): SQL => sql`
    union all
    select 'sunday', null::uuid, w.title, w.runway_name, null, null, null, w.sunday_date, null, null,
           w.id, w.kind, w.status, w.due_date, null, 0::float8
    from (${sundayWorkOf(sql`${ownerId}::uuid`)}) as w
    where w.due_date between ${from} and ${to}`;

/** The active ministries a team feed can be narrowed to. */
export async function activeMinistries(db: Executor): Promise<Array<{ id: string; name: string }>> {
  const result = await db.execute(sql`select id, name from ministries where active order by lower(name), id`);
  return rowsOf<{ id: string; name: string }>(result);
}
