import { eq } from 'drizzle-orm';
import { todayIn } from '../../../shared/domain/dates';
import { TASK_MESSAGES } from '../../../shared/api/tasks';
import { formatDueDate, isDoneStatus } from '../../../shared/domain/tasks';
import type { SessionUser } from '../../platform/auth/sessions';
import { inTransaction, type AppContext } from '../../platform/context';
import { channelLabels } from '../../platform/church-config';
import type { Executor } from '../../platform/db/client';
import { reminderLog, requestItems, requests, users } from '../../platform/db/schema';
import { conflict, notFound, ruleBroken } from '../../platform/errors';
import { ARCHIVED_READ_ONLY } from '../../../shared/domain/request-permissions';
import { isArchivedStatus } from '../../../shared/domain/statuses';
import { appendActivity } from '../../commands/activity';
import { requestChanged } from '../../commands/request-changed';
import { followWork } from '../../commands/follow-work';
import { createNotifications } from '../../commands/notify';
import { assignableOrThrow, TASK_NOT_FOUND, tellAssignee } from '../../commands/assignment';
import { acceptOwn, refuseBlockedOut } from '../../commands/assignment-answer';

export const NO_ONE_TO_REMIND = 'This task has no assignee who can receive a reminder.';
export const ALREADY_REMINDED = 'The assignee was already reminded about this task today.';

interface LoadedTask {
  item: typeof requestItems.$inferSelect;
  request: { id: string; eventTitle: string; requesterId: string; currentCoordinatorId: string | null };
}

/**
 * The item and its request, locked for the rest of the transaction. An archived request's items
 * are no longer tasks (404). Reassignment passes its `editor`: an admin may still reassign them
 * from the drawer, and anyone else is told the request is read-only (409, decision 0007).
 */
async function loadTaskForUpdate(tx: Executor, id: string, editor?: SessionUser): Promise<LoadedTask> {
  const [row] = await tx
    .select({
      item: requestItems,
      request: {
        id: requests.id,
        eventTitle: requests.eventTitle,
        requesterId: requests.requesterId,
        currentCoordinatorId: requests.currentCoordinatorId,
        status: requests.status,
      },
    })
    .from(requestItems)
    .innerJoin(requests, eq(requests.id, requestItems.requestId))
    .where(eq(requestItems.id, id))
    .for('update', { of: requestItems });
  if (!row) throw notFound(TASK_NOT_FOUND);
  if (isArchivedStatus(row.request.status)) {
    if (!editor) throw notFound(TASK_NOT_FOUND);
    if (editor.role !== 'admin') throw conflict(ARCHIVED_READ_ONLY);
  }
  return row;
}

type Person = { id: string; fullName: string; email: string; isExternal: boolean; active: boolean };

async function person(tx: Executor, id: string | null): Promise<(Person & { role: string }) | null> {
  if (!id) return null;
  const [row] = await tx
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      isExternal: users.isExternal,
      active: users.active,
      role: users.role,
    })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

/**
 * Reassignment (guide/tasks-and-calendar.md#my-tasks-and-all-tasks): one transaction writes the new assignee, an 'Assignee
 * Changed' activity entry, and, for a person who can sign in, a notification and an e-mail.
 */
export async function assignTask(
  ctx: AppContext,
  actor: SessionUser,
  itemId: string,
  assigneeId: string | null,
  confirmBlockout = false,
): Promise<{ id: string; assignee: { id: string; fullName: string; isExternal: boolean } | null }> {
  const channelLabel = await channelLabels(ctx);
  return inTransaction(ctx, async (tx, events) => {
    const { item, request } = await loadTaskForUpdate(tx, itemId, actor);
    const next = assigneeId ? await assignableOrThrow(tx, assigneeId) : null;
    const presentNext = next ? { id: next.id, fullName: next.fullName, isExternal: next.isExternal } : null;
    if (item.assigneeId === assigneeId) return { id: item.id, assignee: presentNext };

    // Work due on a day its person is blocked out needs the coordinator's confirmation (guide/sunday-planning.md#blockout-dates).
    if (next) await refuseBlockedOut(tx, [{ assigneeId: next.id, date: item.dueDate }], confirmBlockout);
    const previous = await person(tx, item.assigneeId);
    await tx.update(requestItems).set({ assigneeId, updatedAt: new Date() }).where(eq(requestItems.id, item.id));
    if (next?.id === actor.id) await acceptOwn(tx, 'item', [item.id]);
    await appendActivity(tx, {
      requestId: request.id,
      userId: actor.id,
      actionType: 'Assignee Changed',
      oldValue: previous?.fullName ?? 'Unassigned',
      newValue: next?.fullName ?? 'Unassigned',
      notes: channelLabel(item.channel),
    });
    // A first assignment starts production (decision 0007).
    await followWork(tx, request.id);
    if (next && !next.isExternal && next.id !== actor.id)
      await tellAssignee(tx, events, next, item, request, { origin: ctx.config.appOrigin, channelLabel });
    events.push(requestChanged(request.id, [request.requesterId, request.currentCoordinatorId, item.assigneeId, assigneeId]));
    return { id: item.id, assignee: presentNext };
  });
}

/**
 * A manual reminder from an admin to the task's assignee. Like the scheduled reminders it goes
 * to one person about one item at most once a church day (guide/tasks-and-calendar.md#reminders): a second press is a 409.
 * A finished task (approved, published, complete) is not reminded about: 422.
 */
export async function remindAssignee(ctx: AppContext, itemId: string, now = new Date()): Promise<void> {
  const channelLabel = await channelLabels(ctx);
  await inTransaction(ctx, async (tx, events) => {
    const { item, request } = await loadTaskForUpdate(tx, itemId);
    // Finished work is never overdue and needs no nudge: the lists offer Remind only on open tasks.
    if (isDoneStatus(item.status)) throw ruleBroken(TASK_MESSAGES.finished);
    const assignee = await person(tx, item.assigneeId);
    if (!assignee || assignee.isExternal || !assignee.active) throw ruleBroken(NO_ONE_TO_REMIND);
    const logged = await tx
      .insert(reminderLog)
      .values({ userId: assignee.id, itemId: item.id, reason: 'manual_reminder', day: todayIn(ctx.config.churchTimeZone, now) })
      .onConflictDoNothing()
      .returning({ userId: reminderLog.userId });
    if (logged.length === 0) throw conflict(ALREADY_REMINDED);
    const due = item.dueDate ? `, due ${formatDueDate(item.dueDate)}` : '';
    await createNotifications(tx, events, [
      {
        userId: assignee.id,
        title: 'Task reminder',
        body: `Please check on ${channelLabel(item.channel)} for ${request.eventTitle}${due}.`,
        type: 'manual_reminder',
        requestId: request.id,
      },
    ]);
  });
}
