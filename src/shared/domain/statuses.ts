/** Request statuses (guide/requests.md#request-statuses). */
export const SELECTABLE_REQUEST_STATUSES = [
  'submitted',
  'needs_approval',
  'approved',
  'in_production',
  'in_review',
  'revisions_needed',
  'final_approval',
  'scheduled',
  'published',
  'complete',
  'on_hold',
  'cancelled',
] as const;
export const ARCHIVED_REQUEST_STATUSES = ['archived_recurring', 'archived_onetime'] as const;
export const REQUEST_STATUSES = [...SELECTABLE_REQUEST_STATUSES, 'proof_ready', 'in_progress', ...ARCHIVED_REQUEST_STATUSES] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export function isArchivedStatus(status: string): boolean {
  return (ARCHIVED_REQUEST_STATUSES as readonly string[]).includes(status);
}

/**
 * Requests whose work is over: published or complete, or called off (cancelled). Nothing about
 * them is overdue, so their due dates are never shown red (decision 0009).
 */
export const FINISHED_REQUEST_STATUSES = ['published', 'complete', 'cancelled'] as const;
export function isFinishedRequestStatus(status: string): boolean {
  return (FINISHED_REQUEST_STATUSES as readonly string[]).includes(status);
}

/** Item statuses (guide/production-board.md#stages). */
export const ITEM_STATUSES = [
  'submitted',
  'not_started',
  'in_progress',
  'proof_ready',
  'changes_requested',
  'approved',
  'published',
  'complete',
] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
export const DONE_ITEM_STATUSES: readonly ItemStatus[] = ['approved', 'published', 'complete'];

export const ADDITIONAL_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type AdditionalRequestStatus = (typeof ADDITIONAL_REQUEST_STATUSES)[number];

export const PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type Priority = (typeof PRIORITIES)[number];

export const TIERS = ['A', 'B', 'C', 'L1', 'L2', 'D'] as const;
export type Tier = (typeof TIERS)[number];
export const MINISTRY_TIERS = ['A', 'B', 'C', 'L1', 'L2'] as const;
export type MinistryTier = (typeof MINISTRY_TIERS)[number];

/**
 * The one spelling of the called-off status's label, as social posts spell theirs ('Canceled'); the
 * stored request status stays 'cancelled'.
 */
export const CANCELED_LABEL = 'Canceled';

/** Human label of a stored status value: "in_production" -> "In Production", "cancelled" -> "Canceled". */
export function statusLabel(status: string): string {
  if (status === 'cancelled') return CANCELED_LABEL;
  return status
    .split('_')
    .map((w) => (w ? w[0].toUpperCase() + w.slice(1) : w))
    .join(' ');
}

/** Badge colours (guide/requests.md#request-statuses). */
export type BadgeColour = 'green' | 'red' | 'orange' | 'purple' | 'yellow' | 'sky' | 'blue';
export function statusBadgeColour(status: string): BadgeColour {
  switch (status) {
    case 'complete':
    case 'published':
      return 'green';
    case 'cancelled':
      return 'red';
    case 'proof_ready':
    case 'revisions_needed':
      return 'orange';
    case 'in_review':
      return 'purple';
    case 'in_production':
      return 'yellow';
    case 'approved':
      return 'sky';
    default:
      return 'blue';
  }
}
