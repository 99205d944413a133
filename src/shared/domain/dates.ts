import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';

/** Sunday dates are calendar dates in the church's time zone (DESIGN 4). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return format(new TZDate(now, timeZone), 'yyyy-MM-dd');
}

/** The next `count` Sundays on or after today in the church's time zone, as yyyy-MM-dd. */
export function upcomingSundays(timeZone: string, count: number, now: Date = new Date()): string[] {
  const local = new TZDate(now, timeZone);
  const first = addDays(local, (7 - local.getDay()) % 7);
  return Array.from({ length: count }, (_, i) => format(addDays(first, i * 7), 'yyyy-MM-dd'));
}

/** Adds days to a yyyy-MM-dd date, calendar-wise (no time zone drift). */
export function addDaysIso(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return date.toISOString().slice(0, 10);
}

export function isSunday(isoDate: string): boolean {
  const [y, m, d] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay() === 0;
}
