import { sql, type SQL } from 'drizzle-orm';
import { requestAccess, type PermissionUser, type RequestFacts } from '../../shared/domain/request-permissions';
import { hasRank } from '../../shared/domain/roles';
import { requests } from '../platform/db/schema';
import { liveRequestSql, productionItemSql } from '../platform/db/predicates';
import { allowWhere } from '../platform/policy/rules';

/** SQL pieces that more than one module's queries share (lists, board, calendar). */

/**
 * `requestAccess` (src/shared/domain/request-permissions.ts) in SQL: staff (creative and above)
 * see every request; a viewer only those shared with them; anyone else those they requested,
 * coordinate, work an item of (any item, so assignees come from their own subquery) or are shared
 * on. Each branch is index-backed.
 */
function canViewSql(user: PermissionUser): SQL<boolean> {
  if (user.role !== 'viewer' && hasRank(user.role, 'creative')) return sql<boolean>`true`;
  const me = user.id;
  const shared = sql<boolean>`exists (select 1 from request_viewers rv where rv.request_id = ${requests.id} and rv.user_id = ${me})`;
  if (user.role === 'viewer') return shared;
  return sql<boolean>`(${requests.requesterId} = ${me} or ${requests.currentCoordinatorId} is not distinct from ${me}::uuid
    or exists (select 1 from request_items ai where ai.request_id = ${requests.id} and ai.assignee_id = ${me})
    or ${shared})`;
}

/**
 * Who may see a request (requestPolicy.read), on one request and over a list: the drawer, the
 * realtime audience and the allowed actions ask `allows`; My Requests' "can open" flag and the
 * calendar's chips use `where`, so a list row never leads to a request the drawer would refuse.
 * A shared place, because the drawer, the request lists and the calendar all scope by it.
 */
export const requestRead = allowWhere<RequestFacts>(
  'Request',
  'read',
  (actor, facts) => requestAccess(actor, facts) !== 'none',
  canViewSql,
);

/** A date range, both ends included (ISO dates). */
export interface DateRange {
  from: string;
  to: string;
}

/**
 * Scope first (decision 0026): the ids of the requests a person who is not staff may read, one
 * index-backed branch per relation of `canViewSql` (requested, coordinated, an item assigned,
 * shared), so a list of their rows starts from these requests instead of filtering every row of a
 * date range. `live` leaves out their own archived requests early (the status literals match the
 * partial indexes of the request lists). `itemsDue` keeps only the requests with an item due in
 * the range, read from each request's items_due_from/items_due_to (decision 0041), so a calendar
 * does not probe the items of every request someone ever made. Null for staff, who read every
 * request. Callers still apply `requestRead.where` and their own filters.
 */
export function readableRequestIds(
  user: PermissionUser,
  { live = false, itemsDue }: { live?: boolean; itemsDue?: DateRange } = {},
): SQL | null {
  if (user.role !== 'viewer' && hasRank(user.role, 'creative')) return null;
  return connectedRequestIds(user, { live, itemsDue });
}

/**
 * The requests a person is part of, whatever their role: requested, coordinates, is assigned an
 * item on, or has been shared (a viewer: shared only). The readable scope of requesters and
 * viewers, and what a personal calendar feed holds.
 */
export function connectedRequestIds(user: PermissionUser, { live = false, itemsDue }: { live?: boolean; itemsDue?: DateRange } = {}): SQL {
  const me = user.id;
  const dueIn = (alias: string) =>
    itemsDue
      ? sql` and ${sql.raw(alias)}.items_due_to >= ${itemsDue.from}::date and ${sql.raw(alias)}.items_due_from <= ${itemsDue.to}::date`
      : sql``;
  const shared = itemsDue
    ? sql`select rv.request_id from request_viewers rv join requests srq on srq.id = rv.request_id where rv.user_id = ${me}${dueIn('srq')}`
    : sql`select rv.request_id from request_viewers rv where rv.user_id = ${me}`;
  if (user.role === 'viewer') return shared;
  const notArchived = live ? sql` and ${sql.raw(liveRequestSql('rq'))}` : sql``;
  const assignedDue = itemsDue ? sql` and ai.due_date between ${itemsDue.from}::date and ${itemsDue.to}::date` : sql``;
  return sql`select rq.id from requests rq where rq.requester_id = ${me}${notArchived}${dueIn('rq')}
    union select rq.id from requests rq where rq.current_coordinator_id = ${me}${notArchived}${dueIn('rq')}
    union select ai.request_id from request_items ai where ai.assignee_id = ${me}${assignedDue}
    union ${shared}`;
}

/**
 * The items that belong on the board: those of live requests (archived ones are excluded, spec
 * guide/sunday-planning.md#the-sunday-plan-dialog) that are production work, i.e. not an additional channel still waiting for
 * approval or one that was rejected (the task lists' Active section, guide/requests.md#request-statuses). The
 * mutations use the same rule, so an item that is not on the board cannot be moved or assigned
 * through it. Its constants are written into the text (`literalList`), so the board's named
 * statement is planned with them known (decision 0040).
 */
export const onBoard: SQL = sql`(${sql.raw(liveRequestSql('requests'))}
  and ${sql.raw(productionItemSql('request_items'))})`;

/** ILIKE pattern matching the text anywhere, with the wildcards of the user's text escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
