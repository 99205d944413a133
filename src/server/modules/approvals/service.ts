import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import { APPROVAL_LIST_LIMIT, APPROVAL_MESSAGES, type ApprovalItem, type ApprovalList } from '../../../shared/api/approvals';
import { suggestedRejectionReason } from '../../../shared/domain/capacity';
import { ARCHIVED_REQUEST_STATUSES } from '../../../shared/domain/statuses';
import type { SessionUser } from '../../platform/auth/sessions';
import { inTransaction, type AppContext } from '../../platform/context';
import { channelLabels } from '../../platform/church-config';
import type { Executor } from '../../platform/db/client';
import { ministries, requestItems, requests, users } from '../../platform/db/schema';
import { conflict, notFound } from '../../platform/errors';
import { appendActivity } from '../../commands/activity';
import { requestChanged } from '../../commands/request-changed';
import { followWork } from '../../commands/follow-work';
import { createNotifications } from '../../commands/notify';

export const ITEM_NOT_FOUND = 'Item not found.';

const pending = and(
  eq(requestItems.isAdditionalRequest, true),
  eq(requestItems.additionalRequestStatus, 'pending'),
  notInArray(requests.status, [...ARCHIVED_REQUEST_STATUSES]),
);

/**
 * The approval queue: pending additional items of live requests, oldest request first, bounded. Each
 * says the rejection reason to pre-select (decision 0067): the lead-time one when its due date has
 * passed, the scheduling one when a week it books is over its channel's capacity (the kept counts,
 * a key look-up per booked week).
 */
export async function listApprovals(db: Executor, today: string): Promise<ApprovalList> {
  const rows = await db
    .select({
      id: requestItems.id,
      requestId: requests.id,
      eventTitle: requests.eventTitle,
      ministryName: ministries.name,
      requesterName: sql<string>`coalesce(${requests.requesterNameOverride}, ${users.fullName})`,
      channel: requestItems.channel,
      tier: requests.tier,
      dueDate: requestItems.dueDate,
      submittedAt: requests.submittedAt,
      overCapacity: sql<boolean>`exists (
        select 1 from unnest(${requestItems.bookedWeeks}) as w
        join channel_week_counts c on c.channel = ${requestItems.channel} and c.week = w
        join channels ch on ch.code = c.channel
        where ch.capacity is not null and c.booked > ch.capacity)`,
    })
    .from(requestItems)
    .innerJoin(requests, eq(requests.id, requestItems.requestId))
    .innerJoin(users, eq(users.id, requests.requesterId))
    .leftJoin(ministries, eq(ministries.id, requests.ministryId))
    .where(pending)
    .orderBy(asc(requests.submittedAt), asc(requestItems.id))
    .limit(APPROVAL_LIST_LIMIT + 1);
  const items: ApprovalItem[] = rows.slice(0, APPROVAL_LIST_LIMIT).map(({ overCapacity, ...r }) => ({
    ...r,
    submittedAt: r.submittedAt.toISOString(),
    suggestedReason: suggestedRejectionReason({ dueDate: r.dueDate, today, overCapacity }),
  }));
  return { items, truncated: rows.length > APPROVAL_LIST_LIMIT };
}

interface Decision {
  status: 'approved' | 'rejected';
  rejectionReason: string | null;
}

/**
 * Approve or reject a pending additional item (guide/intake-and-approvals.md#the-approval-queue) in one transaction: the item,
 * an activity entry, a notification to the requester, then the realtime event. An item that is
 * not (or no longer) pending is a 409, so two approvers deciding at once cannot both win.
 */
export async function decideItem(ctx: AppContext, actor: SessionUser, itemId: string, decision: Decision) {
  const channelLabel = await channelLabels(ctx);
  return inTransaction(ctx, async (tx, events) => {
    const [row] = await tx
      .select({ item: requestItems, request: requests })
      .from(requestItems)
      .innerJoin(requests, eq(requests.id, requestItems.requestId))
      .where(eq(requestItems.id, itemId))
      .for('update', { of: requestItems });
    if (!row || !row.item.isAdditionalRequest) throw notFound(ITEM_NOT_FOUND);
    const { item, request } = row;
    if (item.additionalRequestStatus !== 'pending' || request.status.startsWith('archived')) {
      throw conflict(APPROVAL_MESSAGES.notPending);
    }
    await tx
      .update(requestItems)
      .set({ additionalRequestStatus: decision.status, rejectionReason: decision.rejectionReason, updatedAt: new Date() })
      .where(eq(requestItems.id, item.id));
    const label = channelLabel(item.channel);
    const approved = decision.status === 'approved';
    await appendActivity(tx, {
      requestId: request.id,
      userId: actor.id,
      actionType: approved ? 'Additional Request Approved' : 'Additional Request Rejected',
      oldValue: 'pending',
      newValue: decision.status,
      notes: approved ? label : `${label}: ${decision.rejectionReason}`,
    });
    // The decision changes which items are the request's work (a rejected one no longer is).
    await followWork(tx, request.id);
    await notifyRequester(tx, events, actor, request, {
      title: approved ? 'Additional item approved' : 'Additional item rejected',
      body: approved
        ? `${label} for ${request.eventTitle} was approved.`
        : `${label} for ${request.eventTitle} was rejected: ${decision.rejectionReason}`,
    });
    events.push(requestChanged(request.id, [request.requesterId, request.currentCoordinatorId, item.assigneeId]));
    return { id: item.id, additionalRequestStatus: decision.status, rejectionReason: decision.rejectionReason };
  });
}

async function notifyRequester(
  tx: Executor,
  events: Parameters<typeof createNotifications>[1],
  actor: SessionUser,
  request: typeof requests.$inferSelect,
  notice: { title: string; body: string },
) {
  if (request.requesterId === actor.id) return;
  const [requester] = await tx
    .select({ active: users.active, isExternal: users.isExternal })
    .from(users)
    .where(eq(users.id, request.requesterId));
  if (!requester?.active || requester.isExternal) return;
  await createNotifications(tx, events, [{ userId: request.requesterId, ...notice, type: 'status_change', requestId: request.id }]);
}
