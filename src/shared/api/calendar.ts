import { z } from 'zod';
import { calendarRangeError, isIsoDate } from '../domain/calendar';
import { ITEM_STATUSES } from '../domain/statuses';

/** API contract of the Task Calendar (spec 002 sections 2, 7, 8 and 9). */

/** The most tasks one answer carries; a six-week grid of a busy church stays well below it. */
export const CALENDAR_LIMIT = 1000;

export const CALENDAR_MESSAGES = {
  title: 'Task Calendar',
  description: 'View task due dates across all requests.',
  fetchFailed: 'Error fetching tasks',
  emptyMonth: 'No tasks due this month.',
  invalidDate: 'Enter dates as YYYY-MM-DD.',
  invalidMinistry: 'Choose a ministry from the list.',
} as const;

const isoDate = z.string(CALENDAR_MESSAGES.invalidDate).refine(isIsoDate, CALENDAR_MESSAGES.invalidDate);

export const calendarQuery = z
  .object({
    from: isoDate,
    to: isoDate,
    ministryId: z.uuid(CALENDAR_MESSAGES.invalidMinistry).optional(),
  })
  .superRefine((q, ctx) => {
    const error = calendarRangeError(q.from, q.to);
    if (error) ctx.addIssue({ code: 'custom', path: ['to'], message: error });
  });
export type CalendarQuery = z.infer<typeof calendarQuery>;

/** One task chip: a request item with its due date and its request's title and ministry. */
export const calendarItemSchema = z.object({
  id: z.string(),
  requestId: z.string(),
  channel: z.string(),
  dueDate: z.string(),
  eventTitle: z.string(),
  ministryId: z.string().nullable(),
  status: z.enum(ITEM_STATUSES),
});
export type CalendarItem = z.infer<typeof calendarItemSchema>;

export const calendarResponse = z.object({
  from: z.string(),
  to: z.string(),
  /** The church's date today (its time zone), for the highlighted day and the Today button. */
  today: z.string(),
  /** Due date ascending, then event title. */
  items: z.array(calendarItemSchema),
  /** True when more than CALENDAR_LIMIT tasks matched and the list was cut (earliest kept). */
  truncated: z.boolean(),
});
export type CalendarResponse = z.infer<typeof calendarResponse>;
