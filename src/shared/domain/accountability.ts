import { DUE_SOON_DAYS } from './constants';

/**
 * Accountability & Gaps (guide/reports.md#accountability-and-gaps): what is flagged and when. The server computes
 * every number; the page only shows them.
 */

/** Items due within this many days and not started are at risk; events this close must be ready. */
export const AT_RISK_DAYS = DUE_SOON_DAYS;
export const EVENT_WINDOW_DAYS = 7;
/** A request without a coordinator this long after submission is a critical alert. */
export const UNASSIGNED_HOURS = 48;
/** Each flagged list shows at most this many rows, with the full count beside it. */
export const ACCOUNTABILITY_TOP = 10;
/** Each flag is counted no further than this ("200+"): a bounded look-ahead, never a full count. */
export const ACCOUNTABILITY_COUNT_CAP = 200;
/** Item statuses that mean the work has not started. */
export const NOT_STARTED_STATUSES = ['submitted', 'not_started'] as const;

export interface FlagCounts {
  overdueItems: number;
  eventsNotReady: number;
  unassignedRequests: number;
  atRiskItems: number;
}

/** 'All Clear!' shows when nothing is flagged. */
export function isAllClear(counts: FlagCounts): boolean {
  return counts.overdueItems + counts.eventsNotReady + counts.unassignedRequests + counts.atRiskItems === 0;
}

/** Critical alerts: overdue items, events near and not ready, requests left unassigned. */
export function criticalCount(counts: FlagCounts): number {
  return counts.overdueItems + counts.eventsNotReady + counts.unassignedRequests;
}
