import { and, asc, eq, inArray } from 'drizzle-orm';
import type { BoardAssignResult, BoardMoveResult } from '../../../shared/api/board';
import { moveTarget, STAGE_LABELS, type BoardStage } from '../../../shared/domain/board';
import type { ItemStatus } from '../../../shared/domain/statuses';
import type { SessionUser } from '../../platform/auth/sessions';
import { inTransaction, type AppContext } from '../../platform/context';
import { channelLabels } from '../../platform/church-config';
import type { Tx } from '../../platform/db/client';
import { requestItems, requests, requestViewers, users } from '../../platform/db/schema';
import type { AppEvent } from '../../platform/events/bus';
import { forbidden, notFound } from '../../platform/errors';
import { createNotifications, type NewNotification } from '../../commands/notify';
import { appendActivity, type ActivityEntry } from '../../commands/activity';
import { requestChanged } from '../../commands/request-changed';
import { followWork } from '../../commands/follow-work';
import { assignableOrThrow, TASK_NOT_FOUND, tellAssignee } from '../../commands/assignment';
import { acceptOwn, refuseBlockedOut } from '../../commands/assignment-answer';
import { onBoard } from '../../queries/request-scope';
import { boardPolicy } from './policy';

/**
 * The board's moves and bulk assignment (guide/production-board.md#moving-a-card). Each call is one transaction over
 * every selected item: the items are locked, checked all together (one bad id or one item the
 * user may not move changes nothing), updated, and their activity, notifications and e-mails
 * written; each touched request's status then follows its work (decision 0007); the requests'
 * realtime events go out after commit so other boards and drawers refetch.
 */
type Item = typeof requestItems.$inferSelect;
interface Loaded {
  item: Item;
  request: { id: string; eventTitle: string; requesterId: string; currentCoordinatorId: string | null };
  assignee: { fullName: string; isExternal: boolean; active: boolean } | null;
}

/** The selected items that are on the board, locked in id order (two bulk actions never deadlock). */
async function lockItems(tx: Tx, itemIds: string[]): Promise<Loaded[]> {
  const ids = [...new Set(itemIds)];
  const rows = await tx
    .select({
      item: requestItems,
      request: {
        id: requests.id,
        eventTitle: requests.eventTitle,
        requesterId: requests.requesterId,
        currentCoordinatorId: requests.currentCoordinatorId,
      },
      assignee: { fullName: users.fullName, isExternal: users.isExternal, active: users.active },
    })
    .from(requestItems)
    .innerJoin(requests, eq(requests.id, requestItems.requestId))
    .leftJoin(users, eq(users.id, requestItems.assigneeId))
    .where(and(inArray(requestItems.id, ids), onBoard))
    .orderBy(asc(requestItems.id))
    .for('update', { of: requestItems });
  if (rows.length !== ids.length) throw notFound(TASK_NOT_FOUND);
  return rows;
}

/** One 'requests' event per touched request, for its requester, coordinator, viewers and the assignees named. */
async function changedEvents(tx: Tx, touched: Loaded[], extraUserIds: Array<string | null> = []): Promise<AppEvent[]> {
  const byRequest = new Map<string, Array<string | null>>();
  for (const { item, request } of touched) {
    const people = byRequest.get(request.id) ?? [request.requesterId, request.currentCoordinatorId, ...extraUserIds];
    people.push(item.assigneeId);
    byRequest.set(request.id, people);
  }
  if (byRequest.size === 0) return [];
  const viewers = await tx
    .select({ requestId: requestViewers.requestId, userId: requestViewers.userId })
    .from(requestViewers)
    .where(inArray(requestViewers.requestId, [...byRequest.keys()]));
  for (const v of viewers) byRequest.get(v.requestId)!.push(v.userId);
  return [...byRequest].map(([requestId, people]) => requestChanged(requestId, people));
}

/**
 * Moves the items to a stage: each gets the column's first status (guide/production-board.md#stages), or the exact
 * status `statuses` names for it (Undo; the body's schema has checked it is one of the column's),
 * an 'Item Status Changed' activity entry with the old and new status, and its assignee, when that is someone
 * else who can sign in, a 'status_change' notification. Items already in the stage are left as
 * they are (a repeated or stale drop is not an error). Coordinators move any card; a creative
 * (or approver) only the cards assigned to them.
 */
export async function moveItems(
  ctx: AppContext,
  actor: SessionUser,
  itemIds: string[],
  stage: BoardStage,
  statuses: Partial<Record<string, ItemStatus>> = {},
): Promise<BoardMoveResult> {
  const channelLabel = await channelLabels(ctx);
  return inTransaction(ctx, async (tx, events) => {
    const loaded = await lockItems(tx, itemIds);
    if (!loaded.every(({ item }) => boardPolicy.move.allows(actor, item))) throw forbidden('You can move only the tasks assigned to you.');

    const targets = loaded.map((l) => ({ ...l, to: moveTarget(l.item.status, stage, statuses[l.item.id]) }));
    const moving = targets.filter((m): m is typeof m & { to: ItemStatus } => m.to !== null);
    const unchanged = targets.filter((m) => m.to === null).map(({ item }) => item.id);
    if (moving.length === 0) return { stage, moved: [], unchanged };

    const now = new Date();
    // One update per status the move sets (a column's statuses: at most two).
    for (const to of new Set(moving.map((m) => m.to))) {
      await tx
        .update(requestItems)
        .set({ status: to, updatedAt: now, ...(to === 'published' ? { publishedAt: now } : {}) })
        .where(
          inArray(
            requestItems.id,
            moving.filter((m) => m.to === to).map((m) => m.item.id),
          ),
        );
    }

    await appendActivity(
      tx,
      moving.map((m): ActivityEntry => ({
        requestId: m.request.id,
        userId: actor.id,
        actionType: 'Item Status Changed',
        oldValue: m.item.status,
        newValue: m.to,
        notes: channelLabel(m.item.channel),
      })),
    );
    const notices: NewNotification[] = moving
      .filter((m) => m.item.assigneeId && m.item.assigneeId !== actor.id && m.assignee?.active && !m.assignee.isExternal)
      .map((m) => ({
        userId: m.item.assigneeId!,
        title: 'Task status changed',
        body: `${channelLabel(m.item.channel)} for ${m.request.eventTitle} was moved to ${STAGE_LABELS[stage]} by ${actor.fullName}.`,
        type: 'status_change',
        requestId: m.request.id,
      }));
    await createNotifications(tx, events, notices);
    await followWork(
      tx,
      moving.map((m) => m.request.id),
    );
    events.push(...(await changedEvents(tx, moving)));
    return { stage, moved: moving.map((m) => ({ id: m.item.id, status: m.to })), unchanged };
  });
}

/**
 * Bulk assignment (coordinator and above): the assignee must be an active admin, coordinator or
 * creative, or the Church Media Squad. Each item that changes hands gets an 'Assignee Changed'
 * activity entry, and the new assignee, when they can sign in and are not the one assigning, a
 * notification and an e-mail per item, exactly as a single reassignment does.
 */
export async function assignItems(
  ctx: AppContext,
  actor: SessionUser,
  itemIds: string[],
  assigneeId: string,
  confirmBlockout = false,
): Promise<BoardAssignResult> {
  const channelLabel = await channelLabels(ctx);
  return inTransaction(ctx, async (tx, events) => {
    const next = await assignableOrThrow(tx, assigneeId);
    const assignee = { id: next.id, fullName: next.fullName, isExternal: next.isExternal };
    const loaded = await lockItems(tx, itemIds);
    const changing = loaded.filter(({ item }) => item.assigneeId !== next.id);
    const unchanged = loaded.filter(({ item }) => item.assigneeId === next.id).map(({ item }) => item.id);
    if (changing.length === 0) return { assignee, assigned: [], unchanged };
    // Work due on a day its person is blocked out needs the coordinator's confirmation (guide/sunday-planning.md#blockout-dates).
    await refuseBlockedOut(
      tx,
      changing.map((c) => ({ assigneeId: next.id, date: c.item.dueDate })),
      confirmBlockout,
    );

    await tx
      .update(requestItems)
      .set({ assigneeId: next.id, updatedAt: new Date() })
      .where(
        inArray(
          requestItems.id,
          changing.map((c) => c.item.id),
        ),
      );
    await appendActivity(
      tx,
      changing.map((c): ActivityEntry => ({
        requestId: c.request.id,
        userId: actor.id,
        actionType: 'Assignee Changed',
        oldValue: c.item.assigneeId ? (c.assignee?.fullName ?? 'Unassigned') : 'Unassigned',
        newValue: next.fullName,
        notes: channelLabel(c.item.channel),
      })),
    );
    if (next.id === actor.id)
      await acceptOwn(
        tx,
        'item',
        changing.map((c) => c.item.id),
      );
    if (!next.isExternal && next.id !== actor.id) {
      for (const c of changing) await tellAssignee(tx, events, next, c.item, c.request, { origin: ctx.config.appOrigin, channelLabel });
    }
    await followWork(
      tx,
      changing.map((c) => c.request.id),
    );
    events.push(...(await changedEvents(tx, changing, [next.id])));
    return { assignee, assigned: changing.map((c) => c.item.id), unchanged };
  });
}
