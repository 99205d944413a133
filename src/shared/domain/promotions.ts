import { addDaysIso, daysBetween } from './dates';
import { DONE_ITEM_STATUSES } from './statuses';

/**
 * Event promotions rules (guide/intake-and-approvals.md#event-promotions, guide/production-board.md#stages): readiness of an event from its items,
 * the "active this week" marker and the Sunday-based weeks of the weekly view. Dates are
 * yyyy-MM-dd calendar dates in the church's time zone.
 */
export const PROMOTION_DAY_WINDOWS = ['30', '90', '180', '365', 'upcoming'] as const;
export type PromotionDayWindow = (typeof PROMOTION_DAY_WINDOWS)[number];
export const DEFAULT_PROMOTION_DAY_WINDOW: PromotionDayWindow = '90';
/** A tier code of the church's configuration: the filter offers every tier (decision 0056). */
export type PromotionTierFilter = string;

export const PROMOTION_WEEKS = 6;
export const ACTIVE_WINDOW_DAYS = 7;

/** An item is ready when approved, published or complete. */
export function isItemReady(status: string): boolean {
  return (DONE_ITEM_STATUSES as readonly string[]).includes(status);
}

/**
 * Whole percent of ready items, rounded down so that 100 means every item is ready. An event
 * without items has nothing ready: 0.
 */
export function readinessPercent(doneCount: number, itemCount: number): number {
  if (itemCount <= 0) return 0;
  const done = Math.min(Math.max(doneCount, 0), itemCount);
  return Math.floor((done * 100) / itemCount);
}

export function isEventReady(percent: number): boolean {
  return percent >= 100;
}

/** Active this week: the event starts within the next 7 days, today included (today .. today+6). */
export function isActiveThisWeek(eventStartDate: string, today: string): boolean {
  const days = daysBetween(today, eventStartDate);
  return days >= 0 && days < ACTIVE_WINDOW_DAYS;
}

/** The last date of a day window, or null for "all upcoming". */
export function windowEndDate(today: string, window: PromotionDayWindow): string | null {
  return window === 'upcoming' ? null : addDaysIso(today, Number(window));
}

export interface PromotionWeek {
  /** The Sunday that starts the week. */
  start: string;
  /** The Saturday that ends it. */
  end: string;
}

/** `count` Sunday-to-Saturday weeks, the first being the week that holds `today`. */
export function promotionWeeks(today: string, count: number = PROMOTION_WEEKS): PromotionWeek[] {
  const [y, m, d] = today.split('-').map(Number);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  const firstSunday = addDaysIso(today, -weekday);
  return Array.from({ length: count }, (_, i) => {
    const start = addDaysIso(firstSunday, i * 7);
    return { start, end: addDaysIso(start, 6) };
  });
}

/** Index of the week holding `date`, or -1 outside the weeks. */
export function weekIndexOf(date: string, weeks: readonly PromotionWeek[]): number {
  return weeks.findIndex((w) => date >= w.start && date <= w.end);
}

/** Events grouped by week, in week order; events outside the weeks are left out. */
export function groupByWeek<T extends { eventStartDate: string }>(
  events: readonly T[],
  weeks: readonly PromotionWeek[],
): Array<{ week: PromotionWeek; events: T[] }> {
  const groups = weeks.map((week) => ({ week, events: [] as T[] }));
  for (const event of events) {
    const i = weekIndexOf(event.eventStartDate, weeks);
    if (i >= 0) groups[i].events.push(event);
  }
  return groups;
}
