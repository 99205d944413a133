import { addDaysIso, daysBetween } from './dates';
import { defaultPromotionStart } from './request-rules';

/**
 * The dates of a recurring request (guide/requests.md#recurring-requests). Dates are calendar dates
 * (yyyy-mm-dd) counted in whole days, so daylight saving never moves an occurrence; "today" is the
 * church's date, read in its time zone by the caller.
 *
 * - weekly: every 7 days from the first date; every two weeks: every 14 days;
 * - monthly: the first date's day of the month, clamped to the month's last day (a series started
 *   on the 31st falls on Feb 28 or 29, Apr 30, and again on the 31st where the month has one).
 */
export const CADENCES = ['weekly', 'biweekly', 'monthly'] as const;
export type Cadence = (typeof CADENCES)[number];

export const CADENCE_LABELS: Record<Cadence, string> = {
  weekly: 'Every week',
  biweekly: 'Every two weeks',
  monthly: 'Every month (same day of the month)',
};

export interface RecurrenceRule {
  cadence: Cadence;
  /** The first occurrence's event date. */
  firstDate: string;
  /** The last event date it may reach (inclusive); null runs until ended. */
  untilDate: string | null;
}

const parts = (iso: string) => iso.split('-').map(Number) as [number, number, number];
const pad = (n: number) => String(n).padStart(2, '0');
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The n-th occurrence (0 is the first date). */
export function nthOccurrence(rule: Pick<RecurrenceRule, 'cadence' | 'firstDate'>, n: number): string {
  if (rule.cadence === 'weekly') return addDaysIso(rule.firstDate, 7 * n);
  if (rule.cadence === 'biweekly') return addDaysIso(rule.firstDate, 14 * n);
  const [y, m, d] = parts(rule.firstDate);
  const months = y * 12 + (m - 1) + n;
  const year = Math.floor(months / 12);
  const month = (months % 12) + 1;
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(Math.min(d, daysInMonth(year, month)))}`;
}

/** The index of the first occurrence on or after `date`. */
function firstIndexFrom(rule: Pick<RecurrenceRule, 'cadence' | 'firstDate'>, date: string): number {
  if (date <= rule.firstDate) return 0;
  const span = daysBetween(rule.firstDate, date);
  let n = rule.cadence === 'weekly' ? Math.floor(span / 7) : rule.cadence === 'biweekly' ? Math.floor(span / 14) : Math.floor(span / 31);
  while (nthOccurrence(rule, n) < date) n++;
  return n;
}

/** The occurrences whose event date is within [from, to], in order. */
export function occurrencesBetween(rule: RecurrenceRule, from: string, to: string): string[] {
  const out: string[] = [];
  const last = rule.untilDate && rule.untilDate < to ? rule.untilDate : to;
  for (let n = firstIndexFrom(rule, from); ; n++) {
    const date = nthOccurrence(rule, n);
    if (date > last) return out;
    out.push(date);
  }
}

/**
 * The occurrences to create today: those whose creation day (the event date less `daysAhead`) has
 * come and whose event is still at least `minNoticeDays` away (the church's minimum notice), so a
 * job that missed days catches up, and an occurrence that can no longer be promoted in time is
 * skipped rather than created late.
 */
export function dueOccurrences(rule: RecurrenceRule, today: string, daysAhead: number, minNoticeDays: number): string[] {
  if (daysAhead < minNoticeDays) return [];
  return occurrencesBetween(rule, addDaysIso(today, minNoticeDays), addDaysIso(today, daysAhead));
}

/**
 * The promotion start of an occurrence made today: three weeks before its event as the form
 * suggests, but never before the church's minimum notice from today.
 */
export function occurrencePromotionStart(eventDate: string, today: string, minNoticeDays: number): string {
  const suggested = defaultPromotionStart(eventDate);
  const earliest = addDaysIso(today, minNoticeDays);
  return suggested < earliest ? earliest : suggested;
}
