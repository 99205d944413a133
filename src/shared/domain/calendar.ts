import { addDaysIso, daysBetween } from './dates';

/**
 * Task Calendar rules (guide/tasks-and-calendar.md#the-task-calendar): a month grid, Sunday first, whose weeks
 * cover the whole month; months as `yyyy-MM`, days as `yyyy-MM-dd` calendar dates (the church's
 * dates, so no time zone arithmetic happens here); at most four task chips a day, then '+N more'.
 */
export const MAX_TASKS_PER_DAY = 4;

/**
 * The widest range the calendar API answers: a six-week grid is 42 days; the rest is margin for
 * a client that pads its range. Anything wider is refused rather than cut.
 */
export const CALENDAR_MAX_RANGE_DAYS = 62;

export const WEEKDAY_LABELS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A `yyyy-MM` month between years 1000 and 9999. */
export function isMonth(value: unknown): value is string {
  return typeof value === 'string' && MONTH_RE.test(value) && Number(value.slice(0, 4)) >= 1000;
}

/** A real `yyyy-MM-dd` calendar date (2026-02-30 is not). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !DATE_RE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The month a date falls in. */
export function monthOf(isoDate: string): string {
  return isoDate.slice(0, 7);
}

/** `months` months after (or, negative, before) `month`. */
export function addMonths(month: string, months: number): string {
  const [y, m] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export const previousMonth = (month: string) => addMonths(month, -1);
export const nextMonth = (month: string) => addMonths(month, 1);

/** 'November 2026'. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return `${MONTH_NAMES[m - 1]} ${y}`;
}

/** 0 for Sunday .. 6 for Saturday. */
export function weekdayOf(isoDate: string): number {
  const [y, m, d] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** 'Sunday, November 22, 2026': a day's full name, for screen readers and dialog titles. */
export function longDateLabel(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  return `${WEEKDAY_NAMES[weekdayOf(isoDate)]}, ${MONTH_NAMES[m - 1]} ${d}, ${y}`;
}

function lastDayOf(month: string): string {
  return addDaysIso(`${nextMonth(month)}-01`, -1);
}

export interface CalendarDay {
  date: string;
  /** Day of the month, 1..31. */
  day: number;
  /** False for the days of the previous and next months that fill the first and last weeks. */
  inMonth: boolean;
}

export interface MonthGrid {
  month: string;
  /** The first cell: the Sunday on or before the 1st. */
  from: string;
  /** The last cell: the Saturday on or after the month's last day. */
  to: string;
  /** Whole Sunday-to-Saturday weeks (4, 5 or 6 of them). */
  weeks: CalendarDay[][];
}

export function monthGrid(month: string): MonthGrid {
  const first = `${month}-01`;
  const last = lastDayOf(month);
  const from = addDaysIso(first, -weekdayOf(first));
  const to = addDaysIso(last, 6 - weekdayOf(last));
  const cells = daysBetween(from, to) + 1;
  const weeks: CalendarDay[][] = [];
  for (let i = 0; i < cells; i++) {
    const date = addDaysIso(from, i);
    if (i % 7 === 0) weeks.push([]);
    weeks[weeks.length - 1].push({ date, day: Number(date.slice(8, 10)), inMonth: monthOf(date) === month });
  }
  return { month, from, to, weeks };
}

/** Why a `from`..`to` range is refused, or null when it is fine (both must be real dates). */
export function calendarRangeError(from: string, to: string): string | null {
  if (to < from) return 'The end date must be on or after the start date.';
  if (daysBetween(from, to) + 1 > CALENDAR_MAX_RANGE_DAYS) {
    return `Choose a range of at most ${CALENDAR_MAX_RANGE_DAYS} days.`;
  }
  return null;
}

/** Tasks grouped by due date, each day keeping the order it was given (due date, then event title). */
export function groupByDay<T extends { dueDate: string }>(tasks: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const task of tasks) {
    const day = out.get(task.dueDate);
    if (day) day.push(task);
    else out.set(task.dueDate, [task]);
  }
  return out;
}

/**
 * A day's chips: the first four, and how many more hide behind '+N more'. `total` is the day's
 * count when `tasks` holds only its first chips (the grid's answer, decision 0044).
 */
export function dayChips<T>(
  tasks: readonly T[],
  total: number = tasks.length,
  max: number = MAX_TASKS_PER_DAY,
): { shown: T[]; more: number } {
  const shown = tasks.slice(0, max);
  return { shown, more: Math.max(Math.max(total, tasks.length) - shown.length, 0) };
}

export function moreLabel(more: number): string {
  return `+${more} more`;
}
