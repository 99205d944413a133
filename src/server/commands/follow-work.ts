import { asc, eq, inArray, sql } from 'drizzle-orm';
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
 * Lets each request's status follow its items (guide/proofs.md#the-request-status-follows-the-work, decision 0007), inside the caller's
 * transaction, after the caller changed an item's status or assignee. The request row is locked
 * first (ids in order, so two calls never deadlock on each other), then its items are read: a
 * concurrent change to another item of the same request waits here and then sees this one.
 * A change writes the status (bumping the version, as any change of the request does) and a
 * 'Status Changed' activity entry by the system (no user). The caller publishes the request's
 * usual realtime event after commit, which it does for the item change anyway.
 */
export async function followWork(tx: Executor, requestIds: string | readonly string[]): Promise<StatusFollowed[]> {
  const ids = [...new Set(typeof requestIds === 'string' ? [requestIds] : requestIds)].sort();
  if (ids.length === 0) return [];
  // Two reads whatever the number of requests (a bulk board move touches many): lock the rows in
  // id order, then read all their items at once.
  const locked = await tx
    .select({ id: requests.id, status: requests.status })
    .from(requests)
    .where(inArray(requests.id, ids))
    .orderBy(asc(requests.id))
    .for('update');
  const items = await tx
    .select({
      requestId: requestItems.requestId,
      status: requestItems.status,
      assigned: sql<boolean>`${requestItems.assigneeId} is not null`,
      additionalRequestStatus: requestItems.additionalRequestStatus,
    })
    .from(requestItems)
    .where(inArray(requestItems.requestId, ids))
    .orderBy(asc(requestItems.id));
  const changes: StatusFollowed[] = [];
  for (const request of locked) {
    const to = statusFollowingWork(
      request.status,
      items.filter((i) => i.requestId === request.id),
    );
    if (!to) continue;
    await recordChange(tx, { requestId: request.id, from: request.status, to });
    changes.push({ requestId: request.id, from: request.status, to });
  }
  return changes;
}

/** Writes a status the work moved (bumping the version) and its 'Status Changed' entry by the system. */
async function recordChange(tx: Executor, { requestId, from, to }: StatusFollowed): Promise<void> {
  await tx
    .update(requests)
    .set({ status: to, version: sql`${requests.version} + 1`, updatedAt: new Date() })
    .where(eq(requests.id, requestId));
  await appendActivity(tx, {
    requestId,
    userId: null,
    actionType: 'Status Changed',
    oldValue: from,
    newValue: to,
    notes: WORK_REASONS[to],
  });
}
