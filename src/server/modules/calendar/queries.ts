import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { CALENDAR_LIMIT, type CalendarQuery, type CalendarResponse } from '../../../shared/api/calendar';
import { hasRank } from '../../../shared/domain/roles';
import type { ItemStatus } from '../../../shared/domain/statuses';
import type { SessionUser } from '../../platform/auth/sessions';
import type { Executor } from '../../platform/db/client';
import { requestItems, requests } from '../../platform/db/schema';
import { onBoard } from '../board/queries';

/**
 * The requests whose tasks the user sees on the calendar: the drawer's visibility rule
 * (src/shared/domain/request-permissions.ts `requestAccess`) in SQL, so a chip never leads to a
 * request the drawer would refuse. Staff (creative and above) see every request; a viewer only
 * those shared with them; anyone else those they requested, coordinate, work an item of, or are
 * shared on. Each branch is backed by an index (requests' primary key, request_items_request_idx,
 * request_viewers' primary key).
 */
export function calendarScope(user: SessionUser): SQL | undefined {
  if (user.role !== 'viewer' && hasRank(user.role, 'creative')) return undefined;
  const me = user.id;
  const shared = sql`exists (select 1 from request_viewers rv where rv.request_id = ${requests.id} and rv.user_id = ${me})`;
  if (user.role === 'viewer') return shared;
  return sql`(${requests.requesterId} = ${me}
    or ${requests.currentCoordinatorId} is not distinct from ${me}::uuid
    or exists (select 1 from request_items ai where ai.request_id = ${requests.id} and ai.assignee_id = ${me})
    or ${shared})`;
}

/**
 * The tasks due within the visible grid (spec 002 section 7): one query over
 * request_items_due_idx joined with the request, the same items the Production Board shows
 * (live requests, no additional channel that is still waiting for approval or was rejected),
 * optionally of one ministry, due date then event title, bounded to CALENDAR_LIMIT.
 */
export async function listCalendar(
  db: Executor,
  user: SessionUser,
  query: CalendarQuery,
  today: string,
): Promise<CalendarResponse> {
  const rows = await db
    .select({
      id: requestItems.id,
      requestId: requestItems.requestId,
      channel: requestItems.channel,
      dueDate: requestItems.dueDate,
      eventTitle: requests.eventTitle,
      ministryId: requests.ministryId,
      status: requestItems.status,
    })
    .from(requestItems)
    .innerJoin(requests, eq(requests.id, requestItems.requestId))
    .where(
      and(
        gte(requestItems.dueDate, query.from),
        lte(requestItems.dueDate, query.to),
        onBoard,
        query.ministryId ? eq(requests.ministryId, query.ministryId) : undefined,
        calendarScope(user),
      ),
    )
    .orderBy(asc(requestItems.dueDate), asc(requests.eventTitle), asc(requestItems.id))
    .limit(CALENDAR_LIMIT + 1);
  return {
    from: query.from,
    to: query.to,
    today,
    items: rows.slice(0, CALENDAR_LIMIT).map((r) => ({ ...r, dueDate: r.dueDate!, status: r.status as ItemStatus })),
    truncated: rows.length > CALENDAR_LIMIT,
  };
}
