import { z } from 'zod';
import { SUNDAY_WORK_KINDS } from '../domain/sunday-work';
import { calendarRangeError, isIsoDate } from '../domain/calendar';
import { ITEM_STATUSES } from '../domain/statuses';

/** API contract of the Task Calendar (guide/tasks-and-calendar.md#the-task-calendar). */

/** The most tasks one day's full list carries (behind '+N more'). */
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

/** A piece of the reader's Sunday work on the grid (decision 0058). */
export const calendarSundayWorkSchema = z.object({
  kind: z.enum(SUNDAY_WORK_KINDS),
  id: z.string(),
  sundayDate: z.string(),
  dueDate: z.string(),
  title: z.string(),
  path: z.string(),
});
export type CalendarSundayWork = z.infer<typeof calendarSundayWorkSchema>;
/** The grid's bound on the reader's Sunday work (a person has a handful a Sunday). */
export const CALENDAR_SUNDAY_WORK_LIMIT = 200;

/** How many tasks are due on one day of the range (days without tasks are left out). */
export const calendarDayCountSchema = z.object({ date: z.string(), count: z.number().int().positive() });

/**
 * The grid's tasks (decision 0044): each day's first MAX_TASKS_PER_DAY (domain/calendar.ts) chips, and every day's
 * count, so '+N more' needs nothing else; the rest of a day comes from `/api/calendar/day`. The
 * answer is bounded by the grid's days, however busy the church.
 */
export const calendarResponse = z.object({
  from: z.string(),
  to: z.string(),
  /** The church's date today (its time zone), for the highlighted day and the Today button. */
  today: z.string(),
  /** Due date ascending, then event title; at most MAX_TASKS_PER_DAY a day. */
  items: z.array(calendarItemSchema),
  /** Every day of the range with tasks, in date order, with how many it has in all. */
  dayCounts: z.array(calendarDayCountSchema),
  /**
   * The reader's own open Sunday work due in the range, soonest first (decision 0058), each with the
   * Sunday's page opened on it; at most CALENDAR_SUNDAY_WORK_LIMIT.
   */
  sundayWork: z.array(calendarSundayWorkSchema).optional(),
});
export type CalendarResponse = z.infer<typeof calendarResponse>;

export const calendarDayQuery = z.object({
  date: isoDate,
  ministryId: z.uuid(CALENDAR_MESSAGES.invalidMinistry).optional(),
});
export type CalendarDayQuery = z.infer<typeof calendarDayQuery>;

/** Every task of one day, behind its '+N more'. */
export const calendarDayResponse = z.object({
  date: z.string(),
  /** By event title. */
  items: z.array(calendarItemSchema),
  /** True when more than CALENDAR_LIMIT tasks are due that day and the list was cut. */
  truncated: z.boolean(),
});
export type CalendarDayResponse = z.infer<typeof calendarDayResponse>;
