import { z } from 'zod';
import { ITEM_STATUSES } from '../domain/statuses';

/** API contract of Accountability & Gaps (guide/reports.md#accountability-and-gaps, guide/tasks-and-calendar.md#my-tasks-and-all-tasks). */
export const ACCOUNTABILITY_MESSAGES = {
  title: 'Accountability & Gaps',
  allClear: 'All Clear!',
  allClearBody: 'Nothing is overdue, at risk or waiting for a coordinator.',
  assignNow: 'Assign Now',
  fetchFailed: 'Error loading accountability',
  criticalAlerts: 'Critical Alerts',
  overdueItems: 'Overdue Items',
  eventsNotReady: 'Events Within 7 Days Not Ready',
  unassignedRequests: 'Unassigned Requests (over 48 hours)',
  atRiskItems: 'At-Risk Items',
  atRiskHint: 'Due within 7 days and not started',
  teamWorkload: 'Team Workload',
  noTeam: 'No one can be assigned work yet.',
} as const;

const flaggedItem = z.object({
  id: z.string(),
  requestId: z.string(),
  channel: z.string(),
  status: z.enum(ITEM_STATUSES),
  dueDate: z.string(),
  eventTitle: z.string(),
  assigneeName: z.string().nullable(),
});
export type FlaggedItem = z.infer<typeof flaggedItem>;

const flaggedEvent = z.object({
  requestId: z.string(),
  eventTitle: z.string(),
  eventStartDate: z.string(),
  doneItems: z.number().int(),
  totalItems: z.number().int(),
  readinessPct: z.number().int(),
});
export type FlaggedEvent = z.infer<typeof flaggedEvent>;

const unassignedRequest = z.object({
  requestId: z.string(),
  eventTitle: z.string(),
  ministryName: z.string().nullable(),
  submittedAt: z.string(),
  hoursWaiting: z.number().int(),
});
export type UnassignedRequest = z.infer<typeof unassignedRequest>;

const workloadCard = z.object({
  userId: z.string(),
  fullName: z.string(),
  isExternal: z.boolean(),
  activeTasks: z.number().int(),
  percent: z.number().int(),
  colour: z.enum(['red', 'orange', 'green']),
});
export type WorkloadCard = z.infer<typeof workloadCard>;

/**
 * A bounded list: the first rows and how many there are, counted up to ACCOUNTABILITY_COUNT_CAP;
 * `more` says the count stopped there ("200+"). `next` is the cursor of the list's next page
 * (`GET /api/accountability/list`), null when these rows are all.
 */
const top = <T extends z.ZodType>(row: T) =>
  z.object({ count: z.number().int(), more: z.boolean(), rows: z.array(row), next: z.string().nullable() });

export const accountabilityResponse = z.object({
  today: z.string(),
  overdueItems: top(flaggedItem),
  eventsNotReady: top(flaggedEvent),
  unassignedRequests: top(unassignedRequest),
  atRiskItems: top(flaggedItem),
  workload: z.array(workloadCard),
  allClear: z.boolean(),
});
export type Accountability = z.infer<typeof accountabilityResponse>;

/**
 * The CSV exports of Accountability & Gaps, one file per table of the screen, each the
 * whole list (the screen shows the first rows of each).
 */
export const ACCOUNTABILITY_TABLES = [
  'overdue-items',
  'events-not-ready',
  'unassigned-requests',
  'at-risk-items',
  'team-workload',
] as const;
export type AccountabilityTable = (typeof ACCOUNTABILITY_TABLES)[number];
export const accountabilityExportQuery = z.object({ table: z.enum(ACCOUNTABILITY_TABLES) });

/** The screen's paged lists (its tables but the team's workload, which is one read). */
export const ACCOUNTABILITY_LISTS = ['overdue-items', 'events-not-ready', 'unassigned-requests', 'at-risk-items'] as const;
export type AccountabilityList = (typeof ACCOUNTABILITY_LISTS)[number];
/** Rows of a page after the screen's first ones ('Load more'). */
export const ACCOUNTABILITY_PAGE_SIZE = 25;

/** A further page of one list: after the cursor of the rows shown (`next` of the list or of the last page). */
export const accountabilityListQuery = z.object({
  list: z.enum(ACCOUNTABILITY_LISTS),
  cursor: z.string().min(1).max(600),
});
export type AccountabilityListQuery = z.infer<typeof accountabilityListQuery>;

export const accountabilityListResponse = z.discriminatedUnion('list', [
  z.object({ list: z.literal('overdue-items'), rows: z.array(flaggedItem), next: z.string().nullable() }),
  z.object({ list: z.literal('at-risk-items'), rows: z.array(flaggedItem), next: z.string().nullable() }),
  z.object({ list: z.literal('events-not-ready'), rows: z.array(flaggedEvent), next: z.string().nullable() }),
  z.object({ list: z.literal('unassigned-requests'), rows: z.array(unassignedRequest), next: z.string().nullable() }),
]);
export type AccountabilityListPage = z.infer<typeof accountabilityListResponse>;
