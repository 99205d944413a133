import { z } from 'zod';
import { CAPACITY_UNITS } from '../domain/capacity';

/**
 * API contract of channel capacity (guide: requests.md#channel-capacity, decision 0067): the
 * coordinator's channel x week view and its cells, and the new-request form's availability.
 */
export const CAPACITY_WEEKS = 12;
export const CAPACITY_CELL_PAGE = 50;
/** The longest promotion window the availability answers for, in days. */
export const AVAILABILITY_MAX_DAYS = 400;

export const CAPACITY_MESSAGES = {
  title: 'Channel Capacity',
  intro: 'The next twelve weeks: each cell is the items booked against the channel’s capacity.',
  empty: 'No channel is offered yet.',
  fetchFailed: 'Error loading channel capacity',
  cellFailed: 'Error loading the requests of this week',
  cellEmpty: 'No request books this week.',
  windowTooLong: 'The promotion window is too long to check.',
  windowOrder: 'The event starts before the promotion does.',
  availabilityFailed: 'Could not check which channels are still possible.',
  bookingsRow: 'Weeks booked',
  bookingsLabel: 'Weeks booked by channel',
  bookingsLoading: 'Loading the weeks booked...',
  bookingsFailed: 'Error loading the weeks booked',
  bookingsNone: 'No channel of this request books a week.',
  full: '(full)',
  over: '(over capacity)',
  intakeFlagsLabel: 'Capacity and due dates',
  missedDueDates: (n: number) => (n === 1 ? '1 due date has passed' : `${n} due dates have passed`),
} as const;

const isoDate = z.iso.date();
const loadEnum = z.enum(['open', 'full', 'over']);

export const capacityQuery = z.object({ from: isoDate.optional() });

export const capacityCellSchema = z.object({ week: z.string(), booked: z.number().int(), load: loadEnum });
export const capacityChannelSchema = z.object({
  channel: z.string(),
  label: z.string(),
  capacityPer: z.enum(CAPACITY_UNITS),
  capacity: z.number().int().nullable(),
  cells: z.array(capacityCellSchema),
});
export const capacityResponse = z.object({
  weeks: z.array(z.string()),
  channels: z.array(capacityChannelSchema),
});
export type CapacityResponse = z.infer<typeof capacityResponse>;
export type CapacityChannel = z.infer<typeof capacityChannelSchema>;

export const capacityCellQuery = z.object({
  channel: z.string().min(1).max(40),
  week: isoDate,
  cursor: z.uuid().optional(),
});
export const cellRequestSchema = z.object({
  itemId: z.string(),
  requestId: z.string(),
  eventTitle: z.string(),
  tier: z.string().nullable(),
  eventStartDate: z.string().nullable(),
  requestStatus: z.string(),
  isAdditionalRequest: z.boolean(),
  additionalRequestStatus: z.string().nullable(),
  dueDate: z.string().nullable(),
});
export const capacityCellResponse = z.object({
  channel: z.string(),
  week: z.string(),
  booked: z.number().int(),
  capacity: z.number().int().nullable(),
  items: z.array(cellRequestSchema),
  nextCursor: z.string().nullable(),
});
export type CapacityCellResponse = z.infer<typeof capacityCellResponse>;

export const availabilityQuery = z.object({
  promotionStart: isoDate,
  eventStart: isoDate,
  /** Comma-separated channel codes, as the form holds them. */
  channels: z
    .string()
    .max(2000)
    .transform((v) => [...new Set(v.split(',').filter(Boolean))])
    .pipe(z.array(z.string().max(40)).max(60)),
});
export type AvailabilityQuery = z.input<typeof availabilityQuery>;

export const availabilityWeekSchema = z.object({
  week: z.string(),
  /** The first day it would run that week (the Sunday, or the first day of the week inside the window). */
  from: z.string(),
  booked: z.number().int(),
  load: loadEnum,
  /** Whether the item would still run that week (a late item skips the early ones). */
  runs: z.boolean(),
});
export const availabilityChannelSchema = z.object({
  channel: z.string(),
  label: z.string(),
  state: z.enum(['ready', 'late', 'not_possible']),
  firstRun: z.string().nullable(),
  plannedFirstRun: z.string().nullable(),
  dueDate: z.string().nullable(),
  leadTimeDays: z.number().int(),
  capacity: z.number().int().nullable(),
  capacityPer: z.enum(CAPACITY_UNITS),
  /** Why it cannot be made, when it cannot. */
  reason: z.string().nullable(),
  weeks: z.array(availabilityWeekSchema),
});
export const availabilityResponse = z.object({
  today: z.string(),
  channels: z.array(availabilityChannelSchema),
});
export type AvailabilityResponse = z.infer<typeof availabilityResponse>;
export type AvailabilityChannel = z.infer<typeof availabilityChannelSchema>;

/** The weeks one request's items book, for its drawer: each channel's weeks with their load. */
export const requestBookingsParams = z.object({ id: z.uuid() });
export const requestBookingsResponse = z.object({
  channels: z.array(capacityChannelSchema),
});
export type RequestBookingsResponse = z.infer<typeof requestBookingsResponse>;
