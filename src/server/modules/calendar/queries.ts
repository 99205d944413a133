import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { CALENDAR_LIMIT, type CalendarQuery, type CalendarResponse } from '../../../shared/api/calendar';
import type { ItemStatus } from '../../../shared/domain/statuses';
import type { SessionUser } from '../../platform/auth/sessions';
import type { Executor } from '../../platform/db/client';
import { requestItems, requests } from '../../platform/db/schema';
import { onBoard, requestRead } from '../../queries/request-scope';

/**
 * The tasks due within the visible grid (spec 002 section 7): one query over
 * request_items_due_idx joined with the request, the same items the Production Board shows
 * (live requests, no additional channel that is still waiting for approval or was rejected),
 * optionally of one ministry, due date then event title, bounded to CALENDAR_LIMIT.
 */
export async function listCalendar(db: Executor, user: SessionUser, query: CalendarQuery, today: string): Promise<CalendarResponse> {
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
        // Only tasks of requests the drawer would open for this person.
        requestRead.where(user),
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
