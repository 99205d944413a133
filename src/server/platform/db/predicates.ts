import { STAGE_STATUSES } from '../../../shared/domain/board';
import { STUCK_STAGES } from '../../../shared/domain/nudges';
import { NOT_STARTED_STATUSES } from '../../../shared/domain/accountability';
import { ARCHIVED_REQUEST_STATUSES, DONE_ITEM_STATUSES, FINISHED_REQUEST_STATUSES } from '../../../shared/domain/statuses';

/**
 * The predicates of the partial indexes (schema.ts) and of the queries that walk them, one text for
 * both: PostgreSQL uses a partial index only when it can prove the query's condition implies the
 * index's, so a query says its condition in these very words (literals, not bound parameters).
 * Each builder answers SQL text; `alias` qualifies the columns (a table name or its alias).
 */

const list = (values: readonly string[]) => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');
const qualify = (alias: string) => (alias ? `${alias}.` : '');

/** A request that is not archived: the live lists' indexes (a requester's, a coordinator's, the promotions). */
export function liveRequestSql(alias = ''): string {
  return `${qualify(alias)}status not in (${list(ARCHIVED_REQUEST_STATUSES)})`;
}

/** An archived request (recurring or one-time): the Archive's indexes. */
export function archivedRequestSql(alias = ''): string {
  return `${qualify(alias)}status in (${list(ARCHIVED_REQUEST_STATUSES)})`;
}

/** A request neither archived nor cancelled: the calendar feeds' indexes. */
export function liveUncancelledRequestSql(alias = ''): string {
  return `${qualify(alias)}status not in (${list([...ARCHIVED_REQUEST_STATUSES, 'cancelled'])})`;
}

/**
 * A request waiting for a coordinator (Accountability's Unassigned Requests, decision 0060): none
 * assigned, neither archived nor finished. The predicate of requests_unassigned_idx; the list uses
 * this very text. `alias` qualifies the columns.
 */
export function unassignedRequestSql(alias = ''): string {
  const c = alias ? `${alias}.` : '';
  const over = [...ARCHIVED_REQUEST_STATUSES, ...FINISHED_REQUEST_STATUSES].map((s) => `'${s}'`).join(', ');
  return `(${c}current_coordinator_id is null and ${c}status not in (${over}))`;
}

/**
 * Open work in the task lists (decision 0026): not finished (approved, published, complete), or an
 * additional item still waiting for approval or rejected (those keep their own sections). It is the
 * predicate of the partial indexes the lists walk, and the lists use this very text (literals, not
 * bound parameters) so that PostgreSQL can prove the index applies. `alias` qualifies the columns.
 */
export function openItemSql(alias = ''): string {
  const c = alias ? `${alias}.` : '';
  return `(${c}status not in (${doneList()}) or ${apartItemSql(c)})`;
}

/**
 * Finished work in the task lists: approved, published or complete, outside the additional items'
 * own sections (the Completed section). The predicate of the finished-work partial indexes; the
 * lists use this very text, as they do openItemSql's.
 */
export function finishedItemSql(alias = ''): string {
  const c = alias ? `${alias}.` : '';
  return `(not ${apartItemSql(c)} and ${c}status in (${doneList()}))`;
}

const doneList = () => DONE_ITEM_STATUSES.map((s) => `'${s}'`).join(', ');
/**
 * Production work: any item but an additional channel still waiting for approval or rejected
 * (guide/requests.md#request-statuses's Active section, the board, the CMS queue, reminders and accountability all
 * count the same items). For the statuses an additional item can have (none, pending, approved,
 * rejected) it is the complement of apartItemSql, which keeps its own text because the task lists'
 * partial indexes are defined by it.
 */
export function productionItemSql(alias = ''): string {
  const c = alias ? `${alias}.` : '';
  return `(not ${c}is_additional_request or ${c}additional_request_status is null or ${c}additional_request_status = 'approved')`;
}

/** An additional item still waiting for approval or rejected: listed in its own section. `c` is `alias.` or ''. */
const apartItemSql = (c: string) =>
  `(${c}is_additional_request and coalesce(${c}additional_request_status, '') in ('pending', 'rejected'))`;

/**
 * An item of a request that is not archived (decision 0046): `request_archived` is kept by the
 * database from the request's status, so the lists' partial indexes leave archived work out and a
 * list never walks past it.
 */
export function liveItemSql(alias = ''): string {
  return `not ${alias ? `${alias}.` : ''}request_archived`;
}

/**
 * Work an event still waits for (decision 0048): an item of a live request that counts toward its
 * readiness (a rejected additional channel will never be produced, so it does not) and is not done.
 * The predicate of request_items_unfinished_request_idx, which the runways dashboard's Event
 * Promotions card probes per request.
 */
export function unfinishedItemSql(alias = ''): string {
  const c = alias ? `${alias}.` : '';
  return `(${liveItemSql(alias)} and ${c}status not in (${doneList()}) and ${countedItemSql(alias)})`;
}

/**
 * Work an event of Accountability's "not ready" list waits for (decision 0070): unfinished
 * production work of a request that is not cancelled. The predicate of
 * request_items_unready_event_idx, keyed by the request's event start date.
 */
export function unreadyEventWorkSql(alias = ''): string {
  const c = alias ? `${alias}.` : '';
  return `(${unfinishedItemSql(alias)} and ${productionItemSql(alias)} and not ${c}request_cancelled)`;
}

/** An item that counts toward its event's readiness: anything but a rejected additional channel (decision 0007). */
export function countedItemSql(alias = ''): string {
  return `${alias ? `${alias}.` : ''}additional_request_status is distinct from 'rejected'`;
}

/**
 * An item waiting in the CMS queue (guide/reports.md#the-cms-queue, decision 0049): approved, of a channel that went
 * through the CMS queue when the item was made (goes_to_cms, decision 0056), production work (an additional channel only once approved), of a live request. The
 * predicate of request_items_cms_waiting_idx; the queue and Mark Published use this very text.
 */
export function cmsWaitingSql(alias = ''): string {
  const c = alias ? `${alias}.` : '';
  return `(${c}status = 'approved' and ${c}goes_to_cms and ${liveItemSql(alias)}
    and ${productionItemSql(alias)})`;
}

/**
 * A task the calendar shows (decision 0060): production work of a live request, said of the item
 * alone (its request_archived is kept by the database), so the grid walks
 * request_items_calendar_idx over its days and never reads the requests. The predicate of that
 * index; the calendar's staff statements use this very text.
 */
export function calendarItemSql(alias = ''): string {
  return `(${liveItemSql(alias)} and ${productionItemSql(alias)})`;
}

/**
 * Work a team member still owes (Accountability & Gaps, decision 0060): open production work of
 * a request that is neither archived nor finished (published, complete or cancelled), said of the
 * item alone (request_archived and request_finished are kept by the database). The predicate of
 * the accountability partial indexes; its statements use this very text.
 */
export function accountableWorkSql(alias = ''): string {
  const c = alias ? `${alias}.` : '';
  return `(${liveItemSql(alias)} and not ${c}request_finished and ${productionItemSql(alias)} and ${c}status not in (${doneList()}))`;
}

/** Accountable work that has not started (the at-risk list's items, before their due dates are asked). */
export function notStartedWorkSql(alias = ''): string {
  const c = alias ? `${alias}.` : '';
  return `(${accountableWorkSql(alias)} and ${c}status in (${NOT_STARTED_STATUSES.map((s) => `'${s}'`).join(', ')}))`;
}

/**
 * Stalled work the nudges read (decision 0066): production work of a live, unfinished request in a
 * stage that nudges (Submitted, In Progress, Ready for Proof). The predicate of
 * request_items_stalled_idx; the nudge run's read uses this very text.
 */
export function stalledItemSql(alias = ''): string {
  const c = alias ? `${alias}.` : '';
  const statuses = [...STUCK_STAGES, 'proof_ready' as const].flatMap((stage) => STAGE_STATUSES[stage]);
  return `(${liveItemSql(alias)} and not ${c}request_finished and ${c}status in (${list(statuses)}) and ${productionItemSql(alias)})`;
}

/**
 * An item that books its weeks on its channel (decision 0067): of a request neither archived nor
 * cancelled, and not a rejected additional channel (a pending one asks for its weeks and counts). The
 * predicate the triggers of channel_week_counts count by, and the capacity view's drill-down uses
 * this very text.
 */
export function bookingItemSql(alias = ''): string {
  const c = alias ? `${alias}.` : '';
  return `(not ${c}request_archived and not ${c}request_cancelled and ${c}additional_request_status is distinct from 'rejected')`;
}
