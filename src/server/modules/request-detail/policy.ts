import {
  liveRequestActions,
  REQUEST_STAFF_RANK,
  requestAllowedActions,
  reviewsProof,
  worksItem,
  type ItemFacts,
  type PermissionUser,
  type RequestAllowedActions,
  type RequestFacts,
} from '../../../shared/domain/request-permissions';
import { hasRank } from '../../../shared/domain/roles';
import { allow, type Rule } from '../../platform/policy/rules';
import { requestRead } from '../../queries/request-scope';

/**
 * Who may do what to a request and its items (guide/roles-and-access.md#who-may-do-what, guide/roles-and-access.md#what-a-viewer-sees, guide/proofs.md#the-proof-loop,
 * decision 0007). The conditions are the pure rules of src/shared/domain/request-permissions.ts,
 * shared with the browser; this file names them so the handlers (access.ts, proof.ts, assets.ts),
 * the realtime audience (requestAudience) and the drawer's allowed actions (allowedActions) ask
 * the same rule.
 */
type ActionKey = 'canEdit' | 'canAdmin' | 'canMessage' | 'canUpload';

/** A change of a request: allowed now, or allowed were the request not archived (then 409, not 403). */
export interface RequestRule extends Rule<RequestFacts> {
  allowsLive(actor: PermissionUser, facts: RequestFacts): boolean;
}

function change(action: string, key: ActionKey): RequestRule {
  return {
    ...allow<RequestFacts>('Request', action, (actor, facts) => requestAllowedActions(actor, facts)[key]),
    allowsLive: (actor, facts) => liveRequestActions(actor, facts)[key],
  };
}

export const requestPolicy = {
  /** Staff (creative and above) any; its requester, coordinator and assignees; viewers it is shared with (and its SQL form). */
  read: requestRead,
  /** Coordinators, or the requester while submitted or needs approval. */
  update: change('update', 'canEdit'),
  /** Status, coordinator, priority, archive, delete and viewers: coordinators and above. */
  administer: change('administer', 'canAdmin'),
  /** Everyone who may read it but viewers. */
  message: change('message', 'canMessage'),
  upload: change('upload', 'canUpload'),
};

export const itemPolicy = {
  /** The assignee (creative and above) or a coordinator: proofs, proof ready, hand-set status. */
  work: allow<Pick<ItemFacts, 'assigneeId'>>('Item', 'work', worksItem),
  /** The request's requester, or an approver and above. */
  review: allow<Pick<RequestFacts, 'requesterId'>>('Item', 'review', reviewsProof),
  /** Reassignment: coordinators and above (guide/roles-and-access.md#who-may-do-what). */
  reassign: allow<unknown>('Item', 'reassign', (actor) => hasRank(actor.role, 'coordinator')),
};

/** The drawer's allowed actions, sent with the request (ARCHITECTURE.md#conventions): each is one rule's answer. */
export function allowedActions(actor: PermissionUser, facts: RequestFacts): RequestAllowedActions {
  return {
    canEdit: requestPolicy.update.allows(actor, facts),
    canAdmin: requestPolicy.administer.allows(actor, facts),
    canMessage: requestPolicy.message.allows(actor, facts),
    canUpload: requestPolicy.upload.allows(actor, facts),
    isViewOnly: requestAllowedActions(actor, facts).isViewOnly,
  };
}

/**
 * Who hears that a request changed: everyone requestPolicy.read admits. Staff by rank (the
 * `staff` branch of requestAccess), the rest by name; naming a viewer-role assignee too is
 * harmless, an event only makes a browser refetch through the authorized API.
 */
export function requestAudience(facts: RequestFacts, extra: Array<string | null | undefined> = []) {
  return {
    userIds: [facts.requesterId, facts.currentCoordinatorId, ...facts.viewerIds, ...facts.assigneeIds, ...extra],
    minRole: REQUEST_STAFF_RANK,
  };
}

/** Each item's allowed actions: itemPolicy.work and itemPolicy.review on the item's state (shared rule). */
export { itemAllowedActions as itemActions } from '../../../shared/domain/request-permissions';
