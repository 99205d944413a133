import { TZDate } from '@date-fns/tz';
import { addDaysIso } from './dates';

/**
 * Sunday slide decks lock on Thursday at noon (spec 000 section 9, landing copy): the instant a
 * Sunday locks is the Thursday before it at 12:00 in the church's time zone. Noon is never inside a
 * daylight-saving gap or overlap, so the wall-clock time always names exactly one instant.
 */
export const LOCK_DAYS_BEFORE = 3;
export const LOCK_HOUR = 12;

/** The lock instant of a Sunday (yyyy-MM-dd in the church's time zone), as a UTC instant. */
export function sundayLockInstant(sundayDate: string, timeZone: string): Date {
  const [y, m, d] = addDaysIso(sundayDate, -LOCK_DAYS_BEFORE).split('-').map(Number);
  return new Date(new TZDate(y, m - 1, d, LOCK_HOUR, 0, 0, timeZone).getTime());
}

/** Whether a Sunday's lock instant has come. */
export function isLockDue(sundayDate: string, timeZone: string, now: Date): boolean {
  return sundayLockInstant(sundayDate, timeZone).getTime() <= now.getTime();
}
