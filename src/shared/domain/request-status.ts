import { DONE_ITEM_STATUSES, isArchivedStatus, type RequestStatus } from './statuses';

/**
 * The request's status follows the work (guide/proofs.md#the-request-status-follows-the-work, decision 0007) as well as the
 * coordinator's hand. This is the whole rule, pure, so it is property-tested and the server
 * applies it in the transaction of every use case that moves an item or its assignee.
 */

/** What the rule needs of one item of the request. */
export interface WorkItem {
  status: string;
  assigned: boolean;
  /** null for an item of the original request; an additional channel's approval otherwise. */
  additionalRequestStatus: string | null;
}

/** A rejected additional channel is not part of the request's work. */
const rejected = (item: Pick<WorkItem, 'additionalRequestStatus'>) => item.additionalRequestStatus === 'rejected';
/** An additional channel still waiting for approval is requested work, but nobody works it yet. */
const pending = (item: Pick<WorkItem, 'additionalRequestStatus'>) => item.additionalRequestStatus === 'pending';
const done = (status: string) => (DONE_ITEM_STATUSES as readonly string[]).includes(status);

/** Still to do: not approved, published or complete (a rejected additional channel never is). */
export function isUnfinishedItem(item: Pick<WorkItem, 'status' | 'additionalRequestStatus'>): boolean {
  return !rejected(item) && !done(item.status);
}

export function countUnfinishedItems(items: ReadonlyArray<Pick<WorkItem, 'status' | 'additionalRequestStatus'>>): number {
  return items.filter(isUnfinishedItem).length;
}

/** The statuses the work itself may set. */
export const WORK_STATUSES = ['in_production', 'in_review', 'revisions_needed', 'final_approval', 'complete'] as const;
export type WorkStatus = (typeof WORK_STATUSES)[number];

/** Why the work moved the request, written as the activity entry's note. */
export const WORK_REASONS: Record<WorkStatus, string> = {
  in_production: 'Work on the items has started.',
  in_review: 'A proof is ready for review.',
  revisions_needed: 'Changes were requested on a proof.',
  final_approval: 'Every item is approved; publishing remains.',
  complete: 'Every item is published or complete.',
};

/**
 * The status the items call for, or null when they call for none (no item, or nothing assigned
 * or started yet). Open work: changes requested outranks a proof in review, which outranks
 * production. All done: final_approval while an approved item still waits to be published or
 * completed, complete once every item is published or complete.
 */
export function workStatus(items: readonly WorkItem[]): WorkStatus | null {
  const work = items.filter((i) => !rejected(i));
  if (work.length === 0) return null;
  if (work.every((i) => done(i.status))) {
    return work.some((i) => i.status === 'approved') ? 'final_approval' : 'complete';
  }
  const worked = work.filter((i) => !pending(i));
  if (worked.some((i) => i.status === 'changes_requested')) return 'revisions_needed';
  if (worked.some((i) => i.status === 'proof_ready')) return 'in_review';
  const started = worked.some((i) => i.assigned || !['submitted', 'not_started'].includes(i.status));
  return started ? 'in_production' : null;
}

/**
 * How far along a request status is. The work moves a request forward only: from before
 * production into production, around the review loop (stage 1, both ways, as proofs come and
 * go), on to the finishing statuses and to complete. It never moves a request out of a finishing
 * status a coordinator chose (scheduled, published), back from complete, or out of on_hold,
 * cancelled or the archive: those are the coordinator's (null: frozen).
 */
const STAGE: Partial<Record<RequestStatus, number>> = {
  submitted: 0,
  needs_approval: 0,
  approved: 0,
  in_production: 1,
  in_review: 1,
  revisions_needed: 1,
  // Legacy values seen in the original data (guide/proofs.md#the-request-status-follows-the-work): a stage of the review loop.
  in_progress: 1,
  proof_ready: 1,
  final_approval: 2,
  scheduled: 2,
  published: 2,
  complete: 3,
};

/** on_hold, cancelled and the archive: the work never moves a request out of them. */
export function isFrozenForWork(status: string): boolean {
  return isArchivedStatus(status) || STAGE[status as RequestStatus] === undefined;
}

/**
 * The status the request moves to because of its items, or null when it stays as it is.
 * `current` is the request's status now; the coordinator's own choice is never checked here.
 */
export function statusFollowingWork(current: string, items: readonly WorkItem[]): WorkStatus | null {
  if (isFrozenForWork(current)) return null;
  const to = workStatus(items);
  if (to === null || to === current) return null;
  const from = STAGE[current as RequestStatus]!;
  const toStage = STAGE[to]!;
  if (toStage > from || (toStage === 1 && from === 1)) return to;
  return null;
}
