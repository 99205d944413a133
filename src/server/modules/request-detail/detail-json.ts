import { and, sql, type SQL } from 'drizzle-orm';
import { ITEM_PROOF_LIMIT, type ActivityDto, type AssetDto, type MessageDto, type PageInfo } from '../../../shared/api/request-detail';
import { isoTimestamp } from '../../platform/db/list-cursor';
import { inList } from '../../queries/sql-lists';
import { cursorOf, newestFirst, olderThan, type KeysetCursor } from '../../platform/db/keyset';
import type { AssignmentResponse } from '../../../shared/domain/people-on-sundays';

/**
 * The drawer's lists, each read by PostgreSQL as JSON already in the API's shape (decision 0038).
 * Each function returns a scalar subquery for one list of the request whose id is `requestId`
 * (a column of an outer query, or a parameter), so the drawer selects all of them beside the
 * request in ONE statement, and "Show more" selects one page with the same SQL.
 *
 * Why JSON from the database: the drawer is about 90 kB of rows from seven lists. Read row by row,
 * the driver and the query builder spent more CPU on it than PostgreSQL did (the profile:
 * query building 17 %, row parsing and garbage collection most of the rest); built by
 * json_build_object, each list arrives as one value that JSON.parse reads at native speed.
 */

/** A person as the API shows one ({ id, fullName }), or null once the account is gone. */
const personJson = (alias: string) =>
  sql.raw(`case when ${alias}.id is null then null else json_build_object('id', ${alias}.id, 'fullName', ${alias}.full_name) end`);

/** A list page as { entries, hasMore, nextCursor }, read with one row of look-ahead. */
export interface JsonPage<E> extends PageInfo {
  entries: E[];
}

/**
 * Wraps rows that select `n` (their rank newest first), `cursor` and `entry` (limit + 1 of them)
 * into one JSON page: the look-ahead row only says an older page exists, and the next cursor is
 * the cursor of the page's last row.
 */
function pageOf(rows: SQL, limit: number): SQL {
  return sql`(select json_build_object(
      'entries', coalesce(json_agg(p.entry order by p.n) filter (where p.n <= ${limit}::int), '[]'::json),
      'hasMore', count(*) > ${limit}::int,
      'nextCursor', case when count(*) > ${limit}::int then max(p.cursor) filter (where p.n = ${limit}::int) end)
    from (${rows}) p)`;
}

/** The JSON object of one asset (AssetDto) from request_assets `a` and its uploader `u`. */
const assetJson = sql`json_build_object('id', a.id, 'fileName', a.file_name, 'fileSize', a.file_size, 'fileType', a.file_type,
  'versionNumber', a.version_number, 'itemId', a.item_id, 'uploader', ${personJson('u')}, 'createdAt', ${isoTimestamp(sql`a.created_at`)})`;

/**
 * One of the drawer's paged lists: `table` (aliased `alias`) of one request, newest first by
 * (created_at, id) on its (request_id, created_at, id) index, each row's person (`personColumn`)
 * joined as `u` for `entry`.
 */
interface PagedList {
  table: string;
  alias: string;
  personColumn: string;
  entry: SQL;
}

function listPage(list: PagedList, requestId: SQL, cursor: KeysetCursor | null, limit: number): SQL {
  const createdAt = sql.raw(`${list.alias}.created_at`);
  const id = sql.raw(`${list.alias}.id`);
  const order = sql.join(newestFirst(createdAt, id), sql`, `);
  const where = and(sql`${sql.raw(list.alias)}.request_id = ${requestId}`, cursor ? olderThan(createdAt, id, cursor) : undefined);
  return pageOf(
    sql`select row_number() over (order by ${order}) as n, ${cursorOf(createdAt, id)} as cursor, ${list.entry} as entry
      from ${sql.raw(`${list.table} ${list.alias} left join users u on u.id = ${list.alias}.${list.personColumn}`)}
      where ${where} order by ${order} limit ${limit + 1}`,
    limit,
  );
}

const ASSETS: PagedList = { table: 'request_assets', alias: 'a', personColumn: 'uploaded_by', entry: assetJson };
const ACTIVITY: PagedList = {
  table: 'activity_log',
  alias: 'l',
  personColumn: 'user_id',
  entry: sql`json_build_object('id', l.id, 'actionType', l.action_type, 'oldValue', l.old_value, 'newValue', l.new_value,
    'notes', l.notes, 'actor', ${personJson('u')}, 'createdAt', ${isoTimestamp(sql`l.created_at`)})`,
};
const MESSAGES: PagedList = {
  table: 'request_messages',
  alias: 'm',
  personColumn: 'author_id',
  entry: sql`json_build_object('id', m.id, 'body', m.body, 'author', ${personJson('u')}, 'createdAt', ${isoTimestamp(sql`m.created_at`)})`,
};

/** Assets newest first (request_assets_request_idx). */
export const assetsPage = (requestId: SQL, cursor: KeysetCursor | null, limit: number) => listPage(ASSETS, requestId, cursor, limit);
/** Activity newest first (activity_log_request_idx). */
export const activityPage = (requestId: SQL, cursor: KeysetCursor | null, limit: number) => listPage(ACTIVITY, requestId, cursor, limit);
/** Messages newest first (request_messages_request_idx). */
export const messagesPage = (requestId: SQL, cursor: KeysetCursor | null, limit: number) => listPage(MESSAGES, requestId, cursor, limit);

/** An item as the database gives it, before its allowed actions are added (queries.ts presentItem). */
export interface ItemJson {
  id: string;
  channel: string;
  status: string;
  priority: string;
  dueDate: string | null;
  assignee: { id: string; fullName: string; isExternal: boolean } | null;
  /** The assignee's answer (guide/sunday-planning.md#answering-an-assignment). */
  response: AssignmentResponse;
  responseReason: string | null;
  isAdditionalRequest: boolean;
  additionalRequestStatus: string | null;
  rejectionReason: string | null;
  publishedUrl: string | null;
  /** Its newest ITEM_PROOF_LIMIT proof versions, newest version first (decision 0010). */
  proofs: AssetDto[];
}

/**
 * The request's items in creation order, each with its newest proof versions: read apart from
 * the paged Assets list, so a proof never goes missing because newer files filled the first page.
 * A lateral read per item on request_assets_item_idx.
 */
export function itemsJson(requestId: SQL): SQL {
  return sql`(select coalesce(json_agg(json_build_object('id', i.id, 'channel', i.channel, 'status', i.status,
        'priority', i.priority, 'dueDate', i.due_date,
        'assignee', case when w.id is null then null else json_build_object('id', w.id, 'fullName', w.full_name, 'isExternal', w.is_external) end,
        'response', i.response, 'responseReason', i.response_reason,
        'isAdditionalRequest', i.is_additional_request, 'additionalRequestStatus', i.additional_request_status,
        'rejectionReason', i.rejection_reason, 'publishedUrl', i.published_url, 'proofs', pr.proofs)
      order by i.created_at, i.channel), '[]'::json)
    from request_items i
    left join users w on w.id = i.assignee_id
    cross join lateral (
      select coalesce(json_agg(${assetJson} order by a.version_number desc, a.created_at desc, a.id desc), '[]'::json) as proofs
      from (select * from request_assets a where a.item_id = i.id
            order by a.version_number desc, a.created_at desc, a.id desc limit ${ITEM_PROOF_LIMIT}::int) a
      left join users u on u.id = a.uploaded_by
    ) pr
    where i.request_id = ${requestId})`;
}

/** The people the request is shared with, by name. */
export function viewersJson(requestId: SQL): SQL {
  return sql`(select coalesce(json_agg(json_build_object('id', u.id, 'fullName', u.full_name, 'email', u.email,
        'addedAt', ${isoTimestamp(sql`v.created_at`)}) order by u.full_name), '[]'::json)
    from request_viewers v join users u on u.id = v.user_id where v.request_id = ${requestId})`;
}

/**
 * Who may coordinate (active users of `roles`, not external), read only when `wanted`: the
 * caller passes whether this person could ever change the coordinator.
 */
export function coordinatorCandidatesJson(wanted: boolean, roles: readonly string[]): SQL {
  const roleList = inList(roles);
  return sql`(select coalesce(json_agg(json_build_object('id', u.id, 'fullName', u.full_name) order by u.full_name), '[]'::json)
    from users u where ${wanted}::boolean and u.role in (${roleList}) and u.active and not u.is_external)`;
}

export type AssetsPage = JsonPage<AssetDto>;
export type ActivityPage = JsonPage<ActivityDto>;
export type MessagesPage = JsonPage<MessageDto>;
