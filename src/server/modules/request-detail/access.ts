import { eq } from 'drizzle-orm';
import {
  ARCHIVED_READ_ONLY,
  isArchivedReadOnly,
  liveRequestActions,
  requestAccess,
  requestAllowedActions,
  type RequestFacts,
} from '../../../shared/domain/request-permissions';
import type { Executor } from '../../platform/db/client';
import { requestItems, requests, requestViewers } from '../../platform/db/schema';
import type { SessionUser } from '../../platform/auth/sessions';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { requestChanged } from '../../commands/request-changed';

/**
 * The facts the drawer's permission rules need (src/shared/domain/request-permissions.ts), read
 * with three indexed queries. Visibility is decided by that one shared rule, so the drawer's
 * allowed actions, the API's 404s and the realtime audience never disagree.
 */
export interface LoadedRequest {
  request: typeof requests.$inferSelect;
  facts: RequestFacts;
}

export const REQUEST_NOT_FOUND = 'Request not found.';

export async function loadRequestFacts(db: Executor, requestId: string): Promise<LoadedRequest | null> {
  const [rows, viewerRows, itemRows] = await Promise.all([
    db.select().from(requests).where(eq(requests.id, requestId)).limit(1),
    db.select({ userId: requestViewers.userId }).from(requestViewers).where(eq(requestViewers.requestId, requestId)),
    db.select({ assigneeId: requestItems.assigneeId }).from(requestItems).where(eq(requestItems.requestId, requestId)),
  ]);
  const request = rows[0];
  if (!request) return null;
  return {
    request,
    facts: {
      requesterId: request.requesterId,
      currentCoordinatorId: request.currentCoordinatorId,
      status: request.status,
      viewerIds: viewerRows.map((v) => v.userId),
      assigneeIds: itemRows.map((i) => i.assigneeId),
    },
  };
}

/** Loads the request if the user may see it; anyone else gets 404, as if it did not exist. */
export async function loadVisibleRequest(db: Executor, user: SessionUser, requestId: string): Promise<LoadedRequest> {
  const loaded = await loadRequestFacts(db, requestId);
  if (!loaded || requestAccess(user, loaded.facts) === 'none') throw notFound(REQUEST_NOT_FOUND);
  return loaded;
}

type RequestAction = 'canEdit' | 'canAdmin' | 'canMessage' | 'canUpload';

/**
 * Visible and allowed: 404 when the user may not see it, 403 when they see it but may not act,
 * 409 when they could act but the request is archived (read-only for everyone but admins).
 */
export async function loadRequestFor(
  db: Executor,
  user: SessionUser,
  requestId: string,
  action: RequestAction,
): Promise<LoadedRequest> {
  const loaded = await loadVisibleRequest(db, user, requestId);
  if (requestAllowedActions(user, loaded.facts)[action]) return loaded;
  if (isArchivedReadOnly(user, loaded.facts) && liveRequestActions(user, loaded.facts)[action]) {
    throw conflict(ARCHIVED_READ_ONLY);
  }
  throw forbidden();
}

/** For the item steps: an archived request's items change only by an admin's hand (409 otherwise). */
export function assertWritable(user: SessionUser, loaded: LoadedRequest): void {
  if (isArchivedReadOnly(user, loaded.facts)) throw conflict(ARCHIVED_READ_ONLY);
}

/** The realtime audience of a request: its requester, coordinator, viewers and assignees (staff by rank). */
export function changedEvent(loaded: LoadedRequest, extra: Array<string | null | undefined> = []) {
  const f = loaded.facts;
  return requestChanged(loaded.request.id, [f.requesterId, f.currentCoordinatorId, ...f.viewerIds, ...f.assigneeIds, ...extra]);
}
