import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  DRAWER_MESSAGES,
  EDITABLE_DETAIL_FIELDS,
  EDITABLE_DETAIL_LABELS,
  type updateDetailsBody,
  type UpdateRequestBody,
} from '../../../shared/api/request-detail';
import { isArchivedStatus, statusLabel } from '../../../shared/domain/statuses';
import type { SessionUser } from '../../platform/auth/sessions';
import { inTransaction, type AppContext } from '../../platform/context';
import type { Tx } from '../../platform/db/client';
import { requestAssets, requestMessages, requests, requestViewers, users } from '../../platform/db/schema';
import { conflict, notFound, ruleBroken } from '../../platform/errors';
import { appendActivity, type ActivityEntry } from '../../commands/activity';
import { activityChanged } from '../../commands/notify';
import { changedEvent, loadRequestFor, type LoadedRequest } from './access';
import { COORDINATOR_ROLES } from './queries';
import { requestPolicy } from './policy';
import { loadRecipients, notify } from './recipients';
import type { z } from 'zod';

type DetailsInput = z.output<typeof updateDetailsBody>;

function checkVersion(loaded: LoadedRequest, version: number) {
  if (loaded.request.version !== version) throw conflict(DRAWER_MESSAGES.staleVersion);
}

/** Bumps the version only if nobody saved in between (optimistic concurrency, ARCHITECTURE.md#contracts). */
async function saveRequest(tx: Tx, id: string, version: number, values: Partial<typeof requests.$inferInsert>) {
  const [row] = await tx
    .update(requests)
    .set({ ...values, version: sql`${requests.version} + 1`, updatedAt: new Date() })
    .where(and(eq(requests.id, id), eq(requests.version, version)))
    .returning({ id: requests.id, version: requests.version });
  if (!row) throw conflict(DRAWER_MESSAGES.staleVersion);
  return row;
}

async function coordinatorCandidate(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(and(eq(users.id, userId), inArray(users.role, [...COORDINATOR_ROLES]), eq(users.active, true)));
  if (!row) throw ruleBroken('Coordinators must be active users with the admin or coordinator role.');
  return row;
}

async function nameOf(tx: Tx, userId: string | null): Promise<string> {
  if (!userId) return 'Unassigned';
  const [row] = await tx.select({ fullName: users.fullName }).from(users).where(eq(users.id, userId));
  return row?.fullName ?? 'Unassigned';
}

/** Admin controls: status, coordinator, priority in one transaction (guide/requests.md#the-request-drawer). */
export async function updateRequest(ctx: AppContext, user: SessionUser, id: string, body: UpdateRequestBody) {
  return inTransaction(ctx, async (tx, events) => {
    const loaded = await loadRequestFor(tx, user, id, requestPolicy.administer);
    checkVersion(loaded, body.version);
    const r = loaded.request;
    const values: Partial<typeof requests.$inferInsert> = {};
    const activity: ActivityEntry[] = [];
    const base = { requestId: r.id, userId: user.id };

    if (body.status !== undefined && body.status !== r.status) {
      values.status = body.status;
      // An admin choosing a working status for an archived request restores it (decision 0007).
      if (isArchivedStatus(r.status)) Object.assign(values, { archivedAt: null, archivedBy: null });
      activity.push({ ...base, actionType: 'Status Changed', oldValue: r.status, newValue: body.status });
    }
    if (body.priority !== undefined && body.priority !== r.priority) {
      values.priority = body.priority;
      activity.push({ ...base, actionType: 'Priority Set', oldValue: r.priority, newValue: body.priority });
    }
    let newCoordinator: { id: string; fullName: string } | null = null;
    if (body.currentCoordinatorId !== undefined && body.currentCoordinatorId !== r.currentCoordinatorId) {
      newCoordinator = body.currentCoordinatorId ? await coordinatorCandidate(tx, body.currentCoordinatorId) : null;
      values.currentCoordinatorId = body.currentCoordinatorId;
      activity.push({
        ...base,
        actionType: 'Coordinator Assigned',
        oldValue: await nameOf(tx, r.currentCoordinatorId),
        newValue: newCoordinator?.fullName ?? 'Unassigned',
      });
    }
    const saved = await saveRequest(tx, r.id, body.version, values);
    await appendActivity(tx, activity);

    if (values.status) {
      const [requester] = await loadRecipients(tx, [r.requesterId], user.id);
      if (requester) {
        await notify(tx, events, [requester], {
          title: 'Request status updated',
          body: `${r.eventTitle} is now ${statusLabel(values.status)}.`,
          type: 'status_change',
          requestId: r.id,
        });
      }
    }
    if (newCoordinator) {
      const recipients = await loadRecipients(tx, [newCoordinator.id], user.id);
      await notify(tx, events, recipients, {
        title: 'You were assigned a request',
        body: `You are now the coordinator of ${r.eventTitle}.`,
        type: 'assignment',
        requestId: r.id,
        email: {
          kind: 'assignment',
          subject: `You were assigned: ${r.eventTitle}`,
          requestTitle: r.eventTitle,
          origin: ctx.config.appOrigin,
        },
      });
    }
    events.push(changedEvent(loaded, [body.currentCoordinatorId]));
    return saved;
  });
}

/** The requester (while submitted or needs_approval) or a coordinator edits the text fields. */
export async function updateDetails(ctx: AppContext, user: SessionUser, id: string, body: DetailsInput) {
  return inTransaction(ctx, async (tx, events) => {
    const loaded = await loadRequestFor(tx, user, id, requestPolicy.update);
    checkVersion(loaded, body.version);
    const values: Record<string, string | null> = {};
    for (const field of EDITABLE_DETAIL_FIELDS) {
      const next = body[field];
      if (next === undefined || next === loaded.request[field]) continue;
      values[field] = next;
    }
    const saved = await saveRequest(tx, id, body.version, values);
    const changed = Object.keys(values) as Array<keyof typeof EDITABLE_DETAIL_LABELS>;
    if (changed.length > 0) {
      await appendActivity(tx, {
        requestId: id,
        userId: user.id,
        actionType: 'Details Updated',
        notes: changed.map((f) => EDITABLE_DETAIL_LABELS[f]).join(', '),
      });
    }
    events.push(changedEvent(loaded));
    return saved;
  });
}

export async function archiveRequest(ctx: AppContext, user: SessionUser, id: string, kind: 'recurring' | 'onetime') {
  return inTransaction(ctx, async (tx, events) => {
    const loaded = await loadRequestFor(tx, user, id, requestPolicy.administer);
    const r = loaded.request;
    if (isArchivedStatus(r.status)) throw conflict('This request is already archived.');
    const status = kind === 'recurring' ? 'archived_recurring' : 'archived_onetime';
    const saved = await saveRequest(tx, r.id, r.version, { status, archivedAt: new Date(), archivedBy: user.id });
    await appendActivity(tx, {
      requestId: r.id,
      userId: user.id,
      actionType: 'Request Archived',
      oldValue: r.status,
      newValue: status,
    });
    events.push(changedEvent(loaded));
    return saved;
  });
}

/** Removes the request, its rows (cascade) and, after commit, its stored files. */
export async function deleteRequest(ctx: AppContext, user: SessionUser, id: string) {
  const keys = await inTransaction(ctx, async (tx, events) => {
    const loaded = await loadRequestFor(tx, user, id, requestPolicy.administer);
    const files = await tx.select({ key: requestAssets.storageKey }).from(requestAssets).where(eq(requestAssets.requestId, id));
    await tx.delete(requests).where(eq(requests.id, id));
    events.push(changedEvent(loaded));
    return files.map((f) => f.key);
  });
  // A file left behind by a failed removal is harmless: nothing links to it any more.
  await Promise.all(keys.map((key) => ctx.files.remove(key).catch(() => {})));
}

const excerpt = (text: string, max = 200) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * Message Team (guide/requests.md#the-request-drawer): `@Full Name` of an active user who may see the request
 * notifies and e-mails them ('mention'); the requester, coordinator and assignees hear of every
 * new message in-app. The author is never notified of their own message.
 */
export async function postMessage(ctx: AppContext, user: SessionUser, id: string, body: string) {
  return inTransaction(ctx, async (tx, events) => {
    const loaded = await loadRequestFor(tx, user, id, requestPolicy.message);
    const r = loaded.request;
    const [message] = await tx
      .insert(requestMessages)
      .values({ requestId: id, authorId: user.id, body })
      .returning({ id: requestMessages.id });

    const mentionedRows = await tx
      .select({ id: users.id, fullName: users.fullName, email: users.email, role: users.role })
      .from(users)
      .where(and(eq(users.active, true), eq(users.isExternal, false), sql`strpos(lower(${body}), '@' || lower(${users.fullName})) > 0`))
      .limit(20);
    const mentioned = mentionedRows.filter((u) => u.id !== user.id && requestPolicy.read.allows(u, loaded.facts));
    await notify(tx, events, mentioned, {
      title: `${user.fullName} mentioned you`,
      body: `${r.eventTitle}: ${excerpt(body)}`,
      type: 'mention',
      requestId: id,
      email: {
        kind: 'mention',
        subject: `${user.fullName} mentioned you on ${r.eventTitle}`,
        requestTitle: r.eventTitle,
        origin: ctx.config.appOrigin,
      },
    });

    const mentionedIds = new Set(mentioned.map((m) => m.id));
    const team = await loadRecipients(
      tx,
      [r.requesterId, r.currentCoordinatorId, ...loaded.facts.assigneeIds].filter((u) => !u || !mentionedIds.has(u)),
      user.id,
    );
    await notify(tx, events, team, {
      title: `New message on ${r.eventTitle}`,
      body: `${user.fullName}: ${excerpt(body)}`,
      type: 'message',
      requestId: id,
    });
    events.push(changedEvent(loaded), activityChanged());
    return { id: message.id };
  });
}

export async function addViewer(ctx: AppContext, user: SessionUser, id: string, viewerId: string) {
  return inTransaction(ctx, async (tx, events) => {
    const loaded = await loadRequestFor(tx, user, id, requestPolicy.administer);
    const [viewer] = await tx
      .select({ id: users.id, fullName: users.fullName, email: users.email, role: users.role })
      .from(users)
      .where(and(eq(users.id, viewerId), eq(users.role, 'viewer'), eq(users.active, true)));
    if (!viewer) throw ruleBroken('Only active users with the viewer role can be added as viewers.');
    const inserted = await tx
      .insert(requestViewers)
      .values({ requestId: id, userId: viewer.id, addedBy: user.id })
      .onConflictDoNothing()
      .returning({ userId: requestViewers.userId });
    if (inserted.length === 0) throw conflict(`${viewer.fullName} can already view this request.`);
    await appendActivity(tx, { requestId: id, userId: user.id, actionType: 'Viewer Added', newValue: viewer.fullName });
    await notify(tx, events, [viewer], {
      title: 'A request was shared with you',
      body: loaded.request.eventTitle,
      type: 'share',
      requestId: id,
    });
    events.push(changedEvent(loaded, [viewer.id]));
    return { id: viewer.id };
  });
}

export async function removeViewer(ctx: AppContext, user: SessionUser, id: string, viewerId: string) {
  return inTransaction(ctx, async (tx, events) => {
    const loaded = await loadRequestFor(tx, user, id, requestPolicy.administer);
    const removed = await tx
      .delete(requestViewers)
      .where(and(eq(requestViewers.requestId, id), eq(requestViewers.userId, viewerId)))
      .returning({ userId: requestViewers.userId });
    if (removed.length === 0) throw notFound('Viewer not found.');
    const [viewer] = await tx.select({ fullName: users.fullName }).from(users).where(eq(users.id, viewerId));
    await appendActivity(tx, { requestId: id, userId: user.id, actionType: 'Viewer Removed', oldValue: viewer?.fullName ?? null });
    // The removed viewer's screens refetch too, and lose the request.
    events.push(changedEvent(loaded, [viewerId]));
  });
}
