import { TZDate } from '@date-fns/tz';
import { addDaysIso } from './dates';

/**
 * The Sunday lock rule, a church setting (decision 0055): each Sunday locks on a weekday before it
 * at a time of day in the church's time zone, or never (off). The default is today's rule, Sunday
 * slide decks lock on Thursday at noon.
 */
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const LOCK_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export interface LockRule {
  enabled: boolean;
  /** 0 = Sunday (the Sunday itself) ... 6 = Saturday; any other weekday is the one before the Sunday. */
  weekday: number;
  /** 'HH:MM', 24-hour, church time. */
  time: string;
}

export const DEFAULT_LOCK_RULE: LockRule = { enabled: true, weekday: 4, time: '12:00' };
/** The default rule's distance from its Sunday (Thursday = 3 days before). */
export const LOCK_DAYS_BEFORE = 3;
export const LOCK_HOUR = 12;

/** How many days before its Sunday a weekday falls: Thursday 3, Saturday 1, Sunday 0 (the day itself). */
export const lockDaysBefore = (weekday: number): number => (7 - weekday) % 7;

/**
 * The lock instant of a Sunday (yyyy-MM-dd) under a rule's weekday and time, in the church's time
 * zone. A wall-clock time that a daylight-saving change skips is read as the zone reads it (the
 * instant after the gap); a repeated one as its first occurrence.
 */
export function sundayLockInstant(
  sundayDate: string,
  timeZone: string,
  rule: Pick<LockRule, 'weekday' | 'time'> = DEFAULT_LOCK_RULE,
): Date {
  const [y, m, d] = addDaysIso(sundayDate, -lockDaysBefore(rule.weekday)).split('-').map(Number);
  const [hh, mm] = rule.time.split(':').map(Number);
  return new Date(new TZDate(y, m - 1, d, hh, mm, 0, timeZone).getTime());
}

/** Whether a Sunday's lock instant has come (never when the rule is off). */
export function isLockDue(sundayDate: string, timeZone: string, now: Date, rule: LockRule = DEFAULT_LOCK_RULE): boolean {
  return rule.enabled && sundayLockInstant(sundayDate, timeZone, rule).getTime() <= now.getTime();
}

const SPOKEN_TIMES: Record<string, string> = { '12:00': 'noon', '00:00': 'midnight' };

/**
 * The rule in words, or null when off: 'Thursday at 12:00' on the settings screens; spoken, as the
 * public landing copy reads, midday and midnight are words ('Thursday at noon').
 */
export function lockRuleSentence(rule: LockRule, wording: 'clock' | 'spoken' = 'clock'): string | null {
  if (!rule.enabled) return null;
  const time = wording === 'spoken' ? (SPOKEN_TIMES[rule.time] ?? rule.time) : rule.time;
  return `${WEEKDAYS[rule.weekday]} at ${time}`;
}
