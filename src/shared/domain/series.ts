import { addDaysIso } from './dates';

/**
 * Sermon series rules (guide/sunday-planning.md#sermon-series; decision 0017). Dates are plain yyyy-MM-dd
 * calendar dates in the church's time zone: comparing and stepping them as strings and UTC days
 * never meets a daylight-saving change, so a week is always exactly seven calendar days.
 */

export const SERIES_BADGES = ['Upcoming', 'Active', 'Past'] as const;
export type SeriesBadge = (typeof SERIES_BADGES)[number];

/** Series entity default (guide/sunday-planning.md#sermon-series). */
export const DEFAULT_THEME_COLOR = '#4f46e5';
export const THEME_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** Guards the one transaction against a runaway range: two years of Sundays. */
export const MAX_SERIES_WEEKS = 104;

export interface SeriesDates {
  startSunday: string | null;
  endSunday: string | null;
}

/**
 * The badge (guide/sunday-planning.md#sermon-series): Past once today is after a known end; Upcoming while today is
 * before the start, or when there is no start (an unscheduled series has not begun, decision 0017);
 * otherwise Active, which includes a started series with no end yet.
 */
export function seriesBadge({ startSunday, endSunday }: SeriesDates, today: string): SeriesBadge {
  if (endSunday && today > endSunday) return 'Past';
  if (!startSunday || today < startSunday) return 'Upcoming';
  return 'Active';
}

function weekdayOf(isoDate: string): number {
  const [y, m, d] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** The first Sunday on or after a date. */
export function firstSundayOnOrAfter(isoDate: string): string {
  return addDaysIso(isoDate, (7 - weekdayOf(isoDate)) % 7);
}

/** Weeks are generated only if both dates are set and the start is not after the end (guide/sunday-planning.md#sermon-series). */
export function hasWeekRange(dates: SeriesDates): dates is { startSunday: string; endSunday: string } {
  return !!dates.startSunday && !!dates.endSunday && dates.startSunday <= dates.endSunday;
}

/** The series' Sundays: the first on or after the start, then one every 7 days up to the end. */
export function seriesSundays(dates: SeriesDates): string[] {
  if (!hasWeekRange(dates)) return [];
  const sundays: string[] = [];
  for (let day = firstSundayOnOrAfter(dates.startSunday); day <= dates.endSunday; day = addDaysIso(day, 7)) sundays.push(day);
  return sundays;
}

export interface SeriesWeekDraft {
  sundayDate: string;
  weekTitle: string;
  scripture: string;
  blurb: string;
}

export const defaultWeekTitle = (n: number) => `Week ${n}`;

/**
 * The Weekly Breakdown: one week per series Sunday, in date order. A week already written for the
 * same Sunday keeps its title, scripture and blurb (a blank title falls back to its 'Week N');
 * a new Sunday gets 'Week N' by its place; weeks whose Sunday is no longer in range are dropped.
 */
export function seriesWeeks(dates: SeriesDates, existing: readonly SeriesWeekDraft[]): SeriesWeekDraft[] {
  const bySunday = new Map(existing.map((w) => [w.sundayDate, w]));
  return seriesSundays(dates).map((sundayDate, i) => {
    const kept = bySunday.get(sundayDate);
    const weekTitle = kept?.weekTitle.trim() ? kept.weekTitle : defaultWeekTitle(i + 1);
    return { sundayDate, weekTitle, scripture: kept?.scripture ?? '', blurb: kept?.blurb ?? '' };
  });
}
