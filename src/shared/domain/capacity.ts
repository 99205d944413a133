import { addDaysIso, epochDayOfIso, isoOfEpochDay, weekdayOfEpochDay, weekdayOfIso } from './dates';

/**
 * Channel capacity and what a late request can still get (guide: requests.md#what-a-late-request-can-still-get,
 * decision 0067): the pure rules the form, the server and the capacity view share.
 *
 * A week runs Monday to Sunday and is named by its Monday, so a Sunday closes its week and every
 * week holds exactly one Sunday. Dates are calendar dates (yyyy-MM-dd) in the church's time zone;
 * only "today" needs the zone (todayIn), everything after it is calendar arithmetic, which a
 * daylight-saving change cannot move.
 */

/** What a channel's capacity counts and what one of its items books: Sundays, or weeks. */
export const CAPACITY_UNITS = ['sunday', 'week'] as const;
export type CapacityUnit = (typeof CAPACITY_UNITS)[number];

/** A channel's rule (the church's configuration, Admin > Channels). */
export interface ChannelRule {
  /** What the capacity counts and what an item runs in: each Sunday, or each week. */
  capacityPer: CapacityUnit;
  /** Items a Sunday or a week can hold; null is unlimited. */
  capacity: number | null;
  /** How many Sundays or weeks one item runs, the last ones before the event; null runs in every one of the window. */
  runWeeks: number | null;
  /** How long the channel's production takes, in days: an item is due this long before its first run. */
  leadTimeDays: number;
}

/** A request's promotion window: from the promotion start to the event's start, both included. */
export interface PromotionWindow {
  start: string;
  end: string;
}

/** One Sunday or week an item runs in: the week it books and the days of it inside the window. */
export interface Run {
  /** The Monday of the week it books. */
  week: string;
  /** The first and last day of the run inside the window (one day for a Sunday). */
  from: string;
  to: string;
}

/** The Monday of the week holding `date`. */
export function weekStart(date: string): string {
  return addDaysIso(date, -((weekdayOfIso(date) + 6) % 7));
}

/** The Sunday closing the week of `week` (a Monday). */
export function weekSunday(week: string): string {
  return addDaysIso(week, 6);
}

/** The weeks from the week holding `today`, `count` of them, as their Mondays. */
export function weeksFrom(today: string, count: number): string[] {
  const first = weekStart(today);
  return Array.from({ length: count }, (_, i) => addDaysIso(first, i * 7));
}

/**
 * The runs an item of the channel is planned to have in the window: each Sunday of the window (a
 * per-Sunday channel) or each week the window touches (a per-week channel, the days of the week
 * inside the window), the last `runWeeks` of them, the ones closest to the event. A window that ends
 * before it starts has none.
 */
export function plannedRuns(window: PromotionWindow, rule: Pick<ChannelRule, 'capacityPer' | 'runWeeks'>): Run[] {
  if (window.end < window.start) return [];
  // Walked on day counts, written as dates once per run: the form asks this for every channel.
  const start = epochDayOfIso(window.start);
  const end = epochDayOfIso(window.end);
  const runs: Run[] = [];
  if (rule.capacityPer === 'sunday') {
    for (let day = start + ((7 - weekdayOfEpochDay(start)) % 7); day <= end; day += 7) {
      const sunday = isoOfEpochDay(day);
      runs.push({ week: isoOfEpochDay(day - 6), from: sunday, to: sunday });
    }
  } else {
    for (let week = start - ((weekdayOfEpochDay(start) + 6) % 7); week <= end; week += 7) {
      runs.push({ week: isoOfEpochDay(week), from: isoOfEpochDay(Math.max(week, start)), to: isoOfEpochDay(Math.min(week + 6, end)) });
    }
  }
  return rule.runWeeks === null ? runs : runs.slice(Math.max(0, runs.length - rule.runWeeks));
}

/** The weeks an item of the channel books when it runs as planned. */
export function bookedWeeks(window: PromotionWindow, rule: Pick<ChannelRule, 'capacityPer' | 'runWeeks'>): string[] {
  return plannedRuns(window, rule).map((r) => r.week);
}

/** An item's due date: its first run less its channel's lead time (production is worked backwards). */
export function dueDateFor(firstRun: string, leadTimeDays: number): string {
  return addDaysIso(firstRun, -leadTimeDays);
}

export type PossibleState = 'ready' | 'late' | 'not_possible';

/** Whether a channel can still be made for a request, and how. */
export interface Possibility {
  state: PossibleState;
  /** The runs it would have: as planned when ready, the later ones when late, none when not possible. */
  runs: Run[];
  /** Its first run (the shortened one when late); null when not possible. */
  firstRun: string | null;
  /** The first run as planned; null when the window holds no Sunday or week of the channel. */
  plannedFirstRun: string | null;
  /** When its production must be done: the first run less the lead time; null when not possible. */
  dueDate: string | null;
}

/**
 * Whether a channel is still possible for a request made today: 'ready' when today plus the lead
 * time falls on or before its first planned run (the due date is today or later); 'late' when a
 * later part of its runs can still be made (it starts on the first day production allows, shorter);
 * 'not possible' when even its last run is before production could be done, or the window holds no
 * Sunday or week of the channel.
 */
export function stillPossible(
  today: string,
  window: PromotionWindow,
  rule: Pick<ChannelRule, 'capacityPer' | 'runWeeks' | 'leadTimeDays'>,
): Possibility {
  const planned = plannedRuns(window, rule);
  const plannedFirstRun = planned[0]?.from ?? null;
  const earliest = addDaysIso(today, rule.leadTimeDays);
  const runs = planned.filter((r) => r.to >= earliest).map((r) => (r.from >= earliest ? r : { ...r, from: earliest }));
  if (runs.length === 0) return { state: 'not_possible', runs: [], firstRun: null, plannedFirstRun, dueDate: null };
  const firstRun = runs[0].from;
  const state: PossibleState = firstRun === plannedFirstRun ? 'ready' : 'late';
  return { state, runs, firstRun, plannedFirstRun, dueDate: dueDateFor(firstRun, rule.leadTimeDays) };
}

/** A week's load: booked items against the capacity (null: unlimited). */
export type LoadState = 'open' | 'full' | 'over';

export function loadState(booked: number, capacity: number | null): LoadState {
  if (capacity === null || booked < capacity) return 'open';
  return booked === capacity ? 'full' : 'over';
}

/** "3 / 4", or "3" for a channel without a capacity. */
export function loadText(booked: number, capacity: number | null): string {
  return capacity === null ? String(booked) : `${booked} / ${capacity}`;
}

/**
 * Why a channel of a late request was not made (the request keeps these words): its window holds
 * no Sunday or week of it, or even its last run comes before its production could be done.
 */
export function dropReason(p: Pick<Possibility, 'plannedFirstRun'>, rule: Pick<ChannelRule, 'capacityPer' | 'leadTimeDays'>): string {
  if (p.plannedFirstRun === null) return rule.capacityPer === 'sunday' ? 'The promotion holds no Sunday.' : 'The promotion holds no week.';
  return `Too late: it needs ${rule.leadTimeDays} ${rule.leadTimeDays === 1 ? 'day' : 'days'} of production before its last run.`;
}

/** The rejection dialog's preset reasons a capacity or lead-time problem picks (guide: intake-and-approvals.md). */
export const CAPACITY_REJECTION_REASON = 'Too many concurrent promotions - scheduling conflict';
export const LEAD_TIME_REJECTION_REASON = 'Insufficient lead time for this type of promotion';

/**
 * The rejection reason to pre-select for an item: the lead-time reason when its due date has passed
 * (its production can no longer be done in time), the scheduling reason when a week it books is over
 * its capacity; null when neither.
 */
export function suggestedRejectionReason(input: { dueDate: string | null; today: string; overCapacity: boolean }): string | null {
  if (input.dueDate !== null && input.dueDate < input.today) return LEAD_TIME_REJECTION_REASON;
  if (input.overCapacity) return CAPACITY_REJECTION_REASON;
  return null;
}

/** What the form says of a channel's state. */
export function possibilityText(p: Pick<Possibility, 'state' | 'firstRun'>, formatDate: (iso: string) => string = (d) => d): string {
  if (p.state === 'ready') return 'Ready in time';
  if (p.state === 'late' && p.firstRun) return `Late: would start on ${formatDate(p.firstRun)}`;
  return 'Not possible';
}
