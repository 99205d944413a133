import { asc, eq, sql } from 'drizzle-orm';
import { statusFollowingWork, WORK_REASONS, type WorkStatus } from '../../shared/domain/request-status';
import type { Executor } from '../platform/db/client';
import { requestItems, requests } from '../platform/db/schema';
import { appendActivity } from './activity';

export interface StatusFollowed {
  requestId: string;
  from: string;
  to: WorkStatus;
}

/**
 * Lets each request's status follow its items (DESIGN 5.14, decision 0007), inside the caller's
 * transaction, after the caller changed an item's status or assignee. The request row is locked
 * first (ids in order, so two calls never deadlock on each other), then its items are read: a
 * concurrent change to another item of the same request waits here and then sees this one.
 * A change writes the status (bumping the version, as any change of the request does) and a
 * 'Status Changed' activity entry by the system (no user). The caller publishes the request's
 * usual realtime event after commit, which it does for the item change anyway.
 */
export async function followWork(tx: Executor, requestIds: string | readonly string[]): Promise<StatusFollowed[]> {
  const ids = [...new Set(typeof requestIds === 'string' ? [requestIds] : requestIds)].sort();
  const changes: StatusFollowed[] = [];
  for (const id of ids) {
    const change = await followOne(tx, id);
    if (change) changes.push(change);
  }
  return changes;
}

async function followOne(tx: Executor, requestId: string): Promise<StatusFollowed | null> {
  const [request] = await tx.select({ status: requests.status }).from(requests).where(eq(requests.id, requestId)).for('update');
  if (!request) return null;
  const items = await tx
    .select({
      status: requestItems.status,
      assigned: sql<boolean>`${requestItems.assigneeId} is not null`,
      additionalRequestStatus: requestItems.additionalRequestStatus,
    })
    .from(requestItems)
    .where(eq(requestItems.requestId, requestId))
    .orderBy(asc(requestItems.id));
  const to = statusFollowingWork(request.status, items);
  if (!to) return null;
  await tx
    .update(requests)
    .set({ status: to, version: sql`${requests.version} + 1`, updatedAt: new Date() })
    .where(eq(requests.id, requestId));
  await appendActivity(tx, {
    requestId,
    userId: null,
    actionType: 'Status Changed',
    oldValue: request.status,
    newValue: to,
    notes: WORK_REASONS[to],
  });
  return { requestId, from: request.status, to };
}
