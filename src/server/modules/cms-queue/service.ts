import { TZDate } from '@date-fns/tz';
import { and, eq, sql } from 'drizzle-orm';
import { CMS_QUEUE_MESSAGES, type MarkPublishedBody, type MarkPublishedResult } from '../../../shared/api/cms-queue';
import { todayIn } from '../../../shared/domain/dates';
import { formatDueDate } from '../../../shared/domain/tasks';
import type { SessionUser } from '../../platform/auth/sessions';
import { inTransaction, type AppContext } from '../../platform/context';
import { channelLabels } from '../../platform/church-config';
import { rowsOf, type Tx } from '../../platform/db/client';
import { requestItems, requests, requestViewers, users } from '../../platform/db/schema';
import { conflict, notFound, ruleBroken } from '../../platform/errors';
import { appendActivity } from '../../commands/activity';
import { TASK_NOT_FOUND } from '../../commands/assignment';
import { followWork } from '../../commands/follow-work';
import { createNotifications } from '../../commands/notify';
import { requestChanged } from '../../commands/request-changed';
import { WAITING } from './queries';

/** The start of a day in the church's time zone: when an item published "on" that date went live. */
function startOfDay(isoDate: string, timeZone: string): Date {
  const [y, m, d] = isoDate.split('-').map(Number);
  return new Date(new TZDate(y, m - 1, d, 0, 0, 0, 0, timeZone).getTime());
}

/** The item, its request and whether it is waiting in the queue, locked for this transaction. */
async function lockItem(tx: Tx, itemId: string) {
  const [row] = rowsOf<{
    id: string;
    channel: string;
    status: string;
    assignee_id: string | null;
    request_id: string;
    event_title: string;
    requester_id: string;
    current_coordinator_id: string | null;
    waiting: boolean;
  }>(
    await tx.execute(sql`
      select i.id, i.channel, i.status, i.assignee_id, r.id as request_id, r.event_title, r.requester_id,
             r.current_coordinator_id, (${WAITING}) as waiting
      from request_items i join requests r on r.id = i.request_id
      where i.id = ${itemId}::uuid
      for update of i`),
  );
  if (!row) throw notFound(TASK_NOT_FOUND);
  return {
    item: { id: row.id, channel: row.channel, status: row.status, assigneeId: row.assignee_id },
    request: {
      id: row.request_id,
      eventTitle: row.event_title,
      requesterId: row.requester_id,
      currentCoordinatorId: row.current_coordinator_id,
    },
    waiting: row.waiting,
  };
}

/**
 * Mark Published (guide/reports.md#the-cms-queue): in one transaction the item becomes published with the date it
 * went live and its live URL, the request's activity records it, the requester is notified in
 * the app (unless they published it themselves), the request's status follows its work (decision
 * 0007), and the request's realtime event goes out after commit. Only an item waiting in the
 * queue can be published here (409 otherwise); a date after the church's today is refused.
 */
export async function markPublished(
  ctx: AppContext,
  actor: SessionUser,
  itemId: string,
  body: MarkPublishedBody,
): Promise<MarkPublishedResult> {
  if (body.publishedDate > todayIn(ctx.config.churchTimeZone)) {
    throw ruleBroken(CMS_QUEUE_MESSAGES.dateInFuture, { publishedDate: CMS_QUEUE_MESSAGES.dateInFuture });
  }
  const channelLabel = await channelLabels(ctx);
  return inTransaction(ctx, async (tx, events) => {
    const { item, request, waiting } = await lockItem(tx, itemId);
    if (!waiting) throw conflict(CMS_QUEUE_MESSAGES.notWaiting);
    const label = channelLabel(item.channel);
    await tx
      .update(requestItems)
      .set({
        status: 'published',
        publishedAt: startOfDay(body.publishedDate, ctx.config.churchTimeZone),
        publishedUrl: body.publishedUrl,
        updatedAt: new Date(),
      })
      .where(eq(requestItems.id, item.id));
    await appendActivity(tx, {
      requestId: request.id,
      userId: actor.id,
      actionType: 'Item Published',
      oldValue: item.status,
      newValue: body.publishedUrl,
      notes: `${label}, live since ${formatDueDate(body.publishedDate)}`,
    });
    if (request.requesterId !== actor.id && (await canSignIn(tx, request.requesterId))) {
      await createNotifications(tx, events, [
        {
          userId: request.requesterId,
          title: `${label} is live`,
          body: `${label} for ${request.eventTitle} was published: ${body.publishedUrl}`,
          type: 'status_change',
          requestId: request.id,
        },
      ]);
    }
    const [followed] = await followWork(tx, request.id);
    const viewers = await tx.select({ userId: requestViewers.userId }).from(requestViewers).where(eq(requestViewers.requestId, request.id));
    events.push(
      requestChanged(request.id, [request.requesterId, request.currentCoordinatorId, item.assigneeId, ...viewers.map((v) => v.userId)]),
    );
    const [current] = await tx.select({ status: requests.status }).from(requests).where(eq(requests.id, request.id));
    return {
      id: item.id,
      status: 'published',
      publishedDate: body.publishedDate,
      publishedUrl: body.publishedUrl,
      requestStatus: followed?.to ?? current.status,
    };
  });
}

async function canSignIn(tx: Tx, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.active, true), eq(users.isExternal, false)));
  return !!row;
}
