import { hasRank } from './roles';
import { isArchivedStatus, type ItemStatus } from './statuses';

/**
 * Who may see and do what in the request detail drawer (guide/requests.md#who-may-see-a-request, ARCHITECTURE.md#contracts,
 * 5.2, 5.4). The server computes these and sends them with the request ("send the allowed
 * actions with the entity", ARCHITECTURE.md#conventions); the browser only shows what it is told.
 *
 * Visibility (our reading; guide/requests.md#who-may-see-a-request leaves server enforcement unshown):
 * - staff (creative and above) see every request: they produce, approve and coordinate the work;
 * - the requester, the current coordinator and the assignees of its items see it;
 * - a user shared on the request (request_viewers) sees it read-only;
 * - anyone else gets 404, as if it did not exist.
 *
 * Messages: viewers are read-only everywhere (guide/requests.md#who-may-see-a-request role description "Read-only across
 * dashboards and calendars"), so like editing and uploading, messaging is for everyone else who
 * may see the request.
 *
 * Archive: an archived request is read-only for everyone but admins (decision 0007): no edits,
 * messages, uploads, proof steps, item moves, reassignment, viewers or admin controls.
 */
export interface PermissionUser {
  id: string;
  role: string;
}

export interface RequestFacts {
  requesterId: string;
  currentCoordinatorId: string | null;
  status: string;
  viewerIds: readonly string[];
  assigneeIds: readonly (string | null)[];
}

export type RequestAccess = 'none' | 'view' | 'participant' | 'staff';

/** Staff see every request: this rank and above, viewers excepted (the realtime audience uses it too). */
export const REQUEST_STAFF_RANK = 'creative' as const;

/** Statuses in which the requester may still edit the details (guide/requests.md#who-may-see-a-request). */
export const REQUESTER_EDITABLE_STATUSES = ['submitted', 'needs_approval'] as const;

export function requestAccess(user: PermissionUser, facts: RequestFacts): RequestAccess {
  if (user.role !== 'viewer' && hasRank(user.role, REQUEST_STAFF_RANK)) return 'staff';
  const participant = facts.requesterId === user.id || facts.currentCoordinatorId === user.id || facts.assigneeIds.includes(user.id);
  if (participant && user.role !== 'viewer') return 'participant';
  if (facts.viewerIds.includes(user.id)) return 'view';
  return 'none';
}

export interface RequestAllowedActions {
  /** Edit the request's details. */
  canEdit: boolean;
  /** Status, coordinator, priority, archive, delete and viewers (coordinator and above). */
  canAdmin: boolean;
  canMessage: boolean;
  canUpload: boolean;
  isViewOnly: boolean;
}

const NONE: RequestAllowedActions = { canEdit: false, canAdmin: false, canMessage: false, canUpload: false, isViewOnly: true };

/** The server's answer (409) to a change of an archived request by anyone but an admin. */
export const ARCHIVED_READ_ONLY = 'This request is archived and read-only. Only an admin can change it.';

/** Archived requests are read-only for everyone but admins (decision 0007). */
export function isArchivedReadOnly(user: PermissionUser, facts: Pick<RequestFacts, 'status'>): boolean {
  return isArchivedStatus(facts.status) && user.role !== 'admin';
}

export function requestAllowedActions(user: PermissionUser, facts: RequestFacts): RequestAllowedActions {
  return isArchivedReadOnly(user, facts) ? NONE : liveRequestActions(user, facts);
}

/**
 * What the user could do were the request not archived. The server uses it to tell "archived"
 * (409, the request's state) apart from "never yours to do" (403).
 */
export function liveRequestActions(user: PermissionUser, facts: RequestFacts): RequestAllowedActions {
  const access = requestAccess(user, facts);
  if (access === 'none') return NONE;
  const isViewOnly = access === 'view' || user.role === 'viewer';
  if (isViewOnly) return NONE;
  const isRequester = facts.requesterId === user.id;
  const coordinatorPlus = hasRank(user.role, 'coordinator');
  const requesterMayEdit = isRequester && (REQUESTER_EDITABLE_STATUSES as readonly string[]).includes(facts.status);
  return {
    canEdit: coordinatorPlus || requesterMayEdit,
    canAdmin: coordinatorPlus,
    canMessage: true,
    canUpload: true,
    isViewOnly: false,
  };
}

// ---------------------------------------------------------------- items and the proof loop

export interface ItemFacts {
  assigneeId: string | null;
  status: string;
  /** At least one proof (an asset linked to the item) was uploaded. */
  hasProof: boolean;
}

/** Statuses from which a creative may send the item for review (guide/proofs.md#the-proof-loop). */
export const PROOF_READY_FROM: readonly ItemStatus[] = ['submitted', 'not_started', 'in_progress', 'changes_requested'];

/** The statuses the assignee or a coordinator sets by hand as work proceeds (guide/proofs.md#the-proof-loop). */
export const MANUAL_ITEM_STATUSES = ['not_started', 'in_progress', 'published', 'complete'] as const;
export type ManualItemStatus = (typeof MANUAL_ITEM_STATUSES)[number];

/**
 * Hand-set moves: work starts or restarts before review; publishing needs an approved proof,
 * and completion follows approval or publishing. The review steps have their own actions.
 */
const MANUAL_FROM: Record<ManualItemStatus, readonly ItemStatus[]> = {
  not_started: ['submitted', 'in_progress', 'changes_requested'],
  in_progress: ['submitted', 'not_started', 'changes_requested'],
  published: ['approved'],
  complete: ['approved', 'published'],
};

export function canMoveItem(from: string, to: ManualItemStatus): boolean {
  return (MANUAL_FROM[to] as readonly string[]).includes(from);
}

export function nextManualStatuses(from: string): ManualItemStatus[] {
  return MANUAL_ITEM_STATUSES.filter((to) => canMoveItem(from, to));
}

export interface ItemAllowedActions {
  canUploadProof: boolean;
  canMarkProofReady: boolean;
  canReviewProof: boolean;
  canSetStatus: boolean;
  nextStatuses: ManualItemStatus[];
  canReassign: boolean;
}

/** The assignee (creative and above) or a coordinator works the item. */
export function worksItem(user: PermissionUser, item: Pick<ItemFacts, 'assigneeId'>): boolean {
  if (user.role === 'viewer') return false;
  return hasRank(user.role, 'coordinator') || (hasRank(user.role, 'creative') && item.assigneeId === user.id);
}

/** The requester, or an approver and above, reviews a proof. */
export function reviewsProof(user: PermissionUser, facts: Pick<RequestFacts, 'requesterId'>): boolean {
  if (user.role === 'viewer') return false;
  return facts.requesterId === user.id || hasRank(user.role, 'approver');
}

/** What a reader who may only look can do with an item: nothing. */
export const NO_ITEM_ACTIONS: ItemAllowedActions = Object.freeze({
  canUploadProof: false,
  canMarkProofReady: false,
  canReviewProof: false,
  canSetStatus: false,
  nextStatuses: [],
  canReassign: false,
});

export function itemAllowedActions(user: PermissionUser, facts: RequestFacts, item: ItemFacts): ItemAllowedActions {
  const request = requestAllowedActions(user, facts);
  if (request.isViewOnly) {
    return NO_ITEM_ACTIONS;
  }
  const works = worksItem(user, item);
  const next = works ? nextManualStatuses(item.status) : [];
  return {
    canUploadProof: works,
    canMarkProofReady: works && item.hasProof && PROOF_READY_FROM.includes(item.status as ItemStatus),
    // Nothing to approve until a proof is there (an item can be set to Proof Ready by hand).
    canReviewProof: reviewsProof(user, facts) && item.status === 'proof_ready' && item.hasProof,
    canSetStatus: next.length > 0,
    nextStatuses: next,
    canReassign: hasRank(user.role, 'coordinator'),
  };
}
