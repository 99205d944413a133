import { z } from 'zod';
import { REQUEST_STATUSES, ARCHIVED_REQUEST_STATUSES } from '../domain/statuses';
import { PROMOTION_DAY_WINDOWS } from '../domain/promotions';
import { CODE_PATTERN } from '../domain/church-config';
import { CAPACITY_UNITS } from '../domain/capacity';

/**
 * API contract of the request lists (guide/requests.md#my-requests): My Requests, the intake queue, the
 * archive and event promotions, plus the ministry and coordinator look-ups their filters use.
 */

/**
 * Lists come a keyset page at a time (decision 0025): up to the page size, an opaque cursor for the
 * next page, and on the first page a count that stops looking at the cap ("200+").
 */
export const REQUEST_LIST_LIMIT = 50;
export const EVENT_PROMOTIONS_LIMIT = 100;
export const LIST_COUNT_CAP = 200;

/** How many rows match, counted no further than LIST_COUNT_CAP: `more` says there are more than `count`. */
export const listCountSchema = z.object({ count: z.number().int(), more: z.boolean() });
export type ListCount = z.infer<typeof listCountSchema>;

/** The paging fields every list answer carries. `total` is counted on the first page only (null after). */
const pageFields = {
  nextCursor: z.string().nullable(),
  total: listCountSchema.nullable(),
  limit: z.number().int(),
};
const cursor = z.string().max(2000).optional();

const uuid = z.uuid();
const search = z.string().trim().max(200).optional();
const ACTIVE_STATUSES = REQUEST_STATUSES.filter(
  (s) => !(ARCHIVED_REQUEST_STATUSES as readonly string[]).includes(s),
) as unknown as readonly [string, ...string[]];

// ---------------------------------------------------------------- look-ups

export const ministriesQuery = z.object({
  /** `all=1` includes inactive ministries (filters); forms list only active ones (guide/requests.md#my-requests). */
  all: z.enum(['0', '1']).optional(),
});
export const ministrySchema = z.object({
  id: z.string(),
  name: z.string(),
  defaultTier: z.string(),
  active: z.boolean(),
});
export type MinistryDto = z.infer<typeof ministrySchema>;
export const ministriesResponse = z.array(ministrySchema);

export const personSchema = z.object({ id: z.string(), fullName: z.string() });
export type PersonDto = z.infer<typeof personSchema>;
export const coordinatorsResponse = z.array(personSchema);

// ---------------------------------------------------------------- My Requests

/**
 * The sections of My Requests: `mine` what the user submitted, `team` the rest of what they may see
 * (coordinators: what they coordinate or are shared on), `all` their whole scope in one list (the
 * single table of everyone below coordinator level; a viewer's is what is shared with them).
 */
export const MY_REQUEST_SECTIONS = ['mine', 'team', 'all'] as const;
export type MyRequestSection = (typeof MY_REQUEST_SECTIONS)[number];

export const myRequestsQuery = z.object({
  section: z.enum(MY_REQUEST_SECTIONS).default('all'),
  cursor,
  search,
  status: z.enum(ACTIVE_STATUSES).optional(),
  ministryId: uuid.optional(),
  coordinatorId: z.union([uuid, z.literal('unassigned')]).optional(),
});
export type MyRequestsFilters = z.infer<typeof myRequestsQuery>;

export const requestListRowSchema = z.object({
  id: z.string(),
  eventTitle: z.string(),
  ministryName: z.string().nullable(),
  requesterName: z.string(),
  coordinatorName: z.string().nullable(),
  status: z.string(),
  promotionStartDate: z.string().nullable(),
  submittedAt: z.string(),
});
export type RequestListRow = z.infer<typeof requestListRowSchema>;

/** One page of one section, newest submitted first. */
export const myRequestsResponse = z.object({ rows: z.array(requestListRowSchema), ...pageFields });
export type MyRequestsResponse = z.infer<typeof myRequestsResponse>;

// ---------------------------------------------------------------- Intake

export const INTAKE_STATUSES = ['submitted', 'approved', 'in_progress'] as const;
export const intakeQuery = z.object({
  cursor,
  search,
  status: z.enum(INTAKE_STATUSES).optional(),
  ministryId: uuid.optional(),
});
export type IntakeFilters = z.infer<typeof intakeQuery>;

const intakeListedSchema = z.object({
  id: z.string(),
  eventTitle: z.string(),
  ministryName: z.string().nullable(),
  requesterName: z.string(),
  status: z.string(),
  promotionStartDate: z.string().nullable(),
});
/** A request as the intake queue's CSV export lists it: the screen's columns. */
export type IntakeListedRow = z.infer<typeof intakeListedSchema>;

/** A Sunday or week a request books that its channel has no room left in (guide/requests.md#channel-capacity). */
export const intakeFullWeekSchema = z.object({
  channel: z.string(),
  label: z.string(),
  capacityPer: z.enum(CAPACITY_UNITS),
  week: z.string(),
  booked: z.number().int(),
  capacity: z.number().int(),
});
export type IntakeFullWeek = z.infer<typeof intakeFullWeekSchema>;

/**
 * A request in the intake queue, with what a coordinator must weigh before taking it on: the weeks
 * it books that are full or over capacity, and how many of its open items are due before today (a
 * due date that can no longer be met).
 */
export const intakeRowSchema = intakeListedSchema.extend({
  fullWeeks: z.array(intakeFullWeekSchema),
  missedDueDates: z.number().int(),
});
export type IntakeRow = z.infer<typeof intakeRowSchema>;
export const intakeResponse = z.object({ rows: z.array(intakeRowSchema), ...pageFields });
export type IntakeResponse = z.infer<typeof intakeResponse>;

// ---------------------------------------------------------------- Archive

export const ARCHIVE_KINDS = ['recurring', 'onetime'] as const;
export type ArchiveKind = (typeof ARCHIVE_KINDS)[number];
export const archiveQuery = z.object({ kind: z.enum(ARCHIVE_KINDS), cursor });

export const archiveRowSchema = z.object({
  id: z.string(),
  eventTitle: z.string(),
  ministryName: z.string().nullable(),
  requesterName: z.string(),
  tier: z.string().nullable(),
  eventStartDate: z.string().nullable(),
  archivedAt: z.string().nullable(),
  archivedByName: z.string().nullable(),
});
export type ArchiveRow = z.infer<typeof archiveRowSchema>;
export const archiveResponse = z.object({ rows: z.array(archiveRowSchema), ...pageFields });
export type ArchiveResponse = z.infer<typeof archiveResponse>;

// ---------------------------------------------------------------- Event promotions

export const eventPromotionsQuery = z.object({
  cursor,
  days: z.enum(PROMOTION_DAY_WINDOWS).default('90'),
  /** A tier code of the church's configuration (decision 0056). */
  tier: z.string().regex(CODE_PATTERN).optional(),
});

export const eventPromotionSchema = z.object({
  id: z.string(),
  eventTitle: z.string(),
  eventStartDate: z.string(),
  eventEndDate: z.string().nullable(),
  tier: z.string().nullable(),
  status: z.string(),
  ministryName: z.string().nullable(),
  requesterName: z.string(),
  coordinatorName: z.string().nullable(),
  itemCount: z.number().int(),
  doneCount: z.number().int(),
  readiness: z.number().int(),
  /** Whether the user may open the request (the drawer's visibility rule); the calendar shows every event. */
  canView: z.boolean(),
});
export type EventPromotion = z.infer<typeof eventPromotionSchema>;

export const eventPromotionsResponse = z.object({
  /** Today in the church's time zone: the weekly view's weeks start from it. */
  today: z.string(),
  events: z.array(eventPromotionSchema),
  ...pageFields,
});
export type EventPromotionsResponse = z.infer<typeof eventPromotionsResponse>;

// ---------------------------------------------------------------- CSV exports

/**
 * The exports of the request lists take exactly the list's own filters (no cursor: an export is
 * the whole list). My Requests' export is one section, `all` by default: both of a coordinator's
 * sections at once.
 */
export const myRequestsExportQuery = myRequestsQuery.omit({ cursor: true });
export type MyRequestsExportFilters = z.infer<typeof myRequestsExportQuery>;
export const intakeExportQuery = intakeQuery.omit({ cursor: true });
export const archiveExportQuery = archiveQuery.omit({ cursor: true });
