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
  /** When the stored text was built and for which role of the owner (null: none stored). */
  bodyBuiltAt: Date | null;
  bodyRole: string | null;
  /** The stored text, gzip-compressed: only when asked for and still fresh (see findFeedByTokenHash). */
  bodyGzip: Buffer | null;
}

/** How often a fetch records "last used": calendar apps poll, and a write per poll is not needed. */
const LAST_USED_GRANULARITY = sql`interval '1 hour'`;

const asDate = (value: string | Date | null): Date | null => (value === null ? null : new Date(value));
const asBuffer = (value: Buffer | Uint8Array | string | null): Buffer | null =>
  value === null
    ? null
    : Buffer.isBuffer(value)
      ? value
      : typeof value === 'string'
        ? Buffer.from(value.replace(/^\\x/, ''), 'hex')
        : Buffer.from(value);

/**
 * The feed of a token hash and its owner, only while the owner is active: a deactivated person's
 * feeds answer like a wrong token. The same statement notes the fetch in last_used_at (at most
 * hourly), so a fetch costs one statement before its content, and, when `bodyBuiltAfter` is given,
 * brings the stored text if it was built after that instant and is not the one the caller holds
 * (`heldEtag`): a poll of a fresh feed is this one statement. A conditional request leaves it
 * out: it will most often answer 304 with no body.
 */
export async function findFeedByTokenHash(
  db: Executor,
  tokenHash: string,
  { now, bodyBuiltAfter, heldEtag = null }: { now: Date; bodyBuiltAfter: Date | null; heldEtag?: string | null },
): Promise<FeedOwner | null> {
  // Not the text the caller already holds (the same ETag, a hash of the text): only its ETag and instants.
  const held = heldEtag ? sql` and f.body_etag is distinct from ${heldEtag}` : sql``;
  const body = bodyBuiltAfter
    ? sql`case when f.body_built_at > ${bodyBuiltAfter.toISOString()}::timestamptz${held} then f.body_gzip end`
    : sql`null::bytea`;
  // A data-modifying WITH runs whether or not the outer select reads it (PostgreSQL docs 7.8.4).
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    with feed as (
      select f.id, f.kind, f.ministry_id, f.body_etag, f.body_changed_at, f.body_built_at, f.body_role, ${body} as body_gzip,
             u.id as user_id, u.role
      from calendar_feeds f join users u on u.id = f.user_id
      where f.token_hash = ${tokenHash} and u.active
    ), touched as (
      update calendar_feeds set last_used_at = ${at}
      where id in (select id from feed) and (last_used_at is null or last_used_at < ${at} - ${LAST_USED_GRANULARITY})
    )
    select feed.* from feed`);
  const [row] = rowsOf<{
    id: string;
    kind: FeedKind;
    ministry_id: string | null;
    body_etag: string | null;
    body_changed_at: string | Date | null;
    body_built_at: string | Date | null;
    body_role: string | null;
    body_gzip: Buffer | Uint8Array | string | null;
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
    bodyChangedAt: asDate(row.body_changed_at),
    bodyBuiltAt: asDate(row.body_built_at),
    bodyRole: row.body_role,
    bodyGzip: asBuffer(row.body_gzip),
  };
}

/** A feed's stored text (gzip), for a conditional request that did not match: one row by its key. */
export async function storedFeedBody(db: Executor, feedId: string): Promise<Buffer | null> {
  const result = await db.execute(sql`select body_gzip from calendar_feeds where id = ${feedId}`);
  const [row] = rowsOf<{ body_gzip: Buffer | Uint8Array | string | null }>(result);
  return row ? asBuffer(row.body_gzip) : null;
}

/**
 * Stores a feed's newly built text (gzip), its ETag, when it was built and for which role. The
 * instant the text changed (Last-Modified) moves only when the ETag differs from the one stored.
 * Returns that instant.
 */
export async function storeFeedBody(
  db: Executor,
  feedId: string,
  body: { etag: string; gzip: Buffer; builtAt: Date; role: string },
): Promise<Date> {
  const at = sql`${body.builtAt.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    update calendar_feeds
    set body_gzip = ${body.gzip}, body_built_at = ${at}, body_role = ${body.role}, body_etag = ${body.etag},
        body_changed_at = case when body_etag is not distinct from ${body.etag} and body_changed_at is not null
                               then body_changed_at else date_trunc('second', ${at}) end
    where id = ${feedId} returning body_changed_at`);
  const [row] = rowsOf<{ body_changed_at: string | Date }>(result);
  return row ? new Date(row.body_changed_at) : new Date(Math.floor(body.builtAt.getTime() / 1000) * 1000);
}

/** Columns that forget a feed's stored text (a new link, a new filter): the next fetch builds it. */
export const FORGET_FEED_BODY = { bodyGzip: null, bodyBuiltAt: null, bodyRole: null } as const;

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
 * Everything a feed shows, in one statement whatever its size.
 *
 * - personal: the requests the owner is part of (requested, coordinates, is assigned work on or
 *   has been shared: `connectedRequestIds`, whatever their role) and may still open (`requestRead`,
 *   the drawer's rule) whose event or promotion falls in the window, the items assigned to the
 *   owner on such requests due in it (production work only: `onBoard`, as the board and the
 *   calendar), and the owner's Sunday work.
 * - team (coordinators and above, checked by the caller): every live request whose event falls in
 *   the window, narrowed to one ministry when the feed is: one event a request (its promotion start
 *   in its notes), no tasks (they are in each person's own feed and on the Task Calendar).
 */
export async function feedRows(db: Executor, scope: FeedScope): Promise<FeedRow[]> {
  const { owner, from, to } = scope;
  const eventInWindow = sql`(coalesce(requests.event_end_date, requests.event_start_date) >= ${from}::date and requests.event_start_date <= ${to}::date)`;
  const requestColumns = sql`'request' as row_kind, requests.id as request_id, requests.event_title, m.name as ministry_name, requests.location,
           requests.start_time, requests.end_time, requests.event_start_date::text as event_start_date,
           requests.event_end_date::text as event_end_date, requests.promotion_start_date::text as promotion_start_date,
           null::uuid as item_id, null::text as channel, null::text as item_status, null::text as due_date, null::text as assignee_name,
           (extract(epoch from requests.updated_at) * 1000)::float8 as updated_ms`;
  if (scope.kind === 'team') {
    const ministry: SQL = scope.ministryId ? sql`requests.ministry_id = ${scope.ministryId}` : sql`true`;
    const result = await db.execute(sql`
      select ${requestColumns}
      from requests
      left join ministries m on m.id = requests.ministry_id
      where ${LIVE} and ${ministry} and ${eventInWindow}
      order by 1, 2`);
    return rowsOf<FeedRow>(result).map((r) => ({ ...r, updated_ms: Number(r.updated_ms) }));
  }
  const canRead = requestRead.where(owner);
  const result = await db.execute(sql`
    select ${requestColumns}
    from (${connectedRequestIds(owner, { live: true })}) as connected(id) join requests on requests.id = connected.id
    left join ministries m on m.id = requests.ministry_id
    where ${LIVE} and ${canRead}
      and (${eventInWindow} or requests.promotion_start_date between ${from}::date and ${to}::date)
    union all
    select 'item', requests.id, requests.event_title, m.name, null, null, null, null, null, null,
           request_items.id, request_items.channel, request_items.status, request_items.due_date::text, null::text,
           (extract(epoch from request_items.updated_at) * 1000)::float8
    from request_items
    join requests on requests.id = request_items.request_id
    left join ministries m on m.id = requests.ministry_id
    where request_items.assignee_id = ${owner.id} and ${onBoard} and ${LIVE} and ${canRead}
      and request_items.due_date between ${from}::date and ${to}::date
    ${sundayWork(owner.id, from, to)}
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
