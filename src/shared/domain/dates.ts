/**
 * One formatter per time zone, made once: building the date through a zoned Date object and
 * date-fns' format cost 25 us a call on a 2 GHz core, and most API reads ask for today.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The last answer per time zone, with the minute it was asked in. Every zone's offset is a whole
 * number of minutes, so the date cannot change within a minute: the same minute gives the same
 * day without formatting it again (formatToParts was a tenth of a small read's work).
 */
const lastDays = new Map<string, { minute: number; day: string }>();

/** Sunday dates are calendar dates in the church's time zone (ARCHITECTURE.md#contracts). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  const last = lastDays.get(timeZone);
  if (last?.minute === minute) return last.day;
  let dayFormat = dayFormats.get(timeZone);
  if (!dayFormat) {
    dayFormat = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, dayFormat);
  }
  const part: Record<string, string> = {};
  for (const p of dayFormat.formatToParts(now)) part[p.type] = p.value;
  const day = `${part.year}-${part.month}-${part.day}`;
  lastDays.set(timeZone, { minute, day });
  return day;
}

/** The next `count` Sundays on or after today in the church's time zone, as yyyy-MM-dd. */
export function upcomingSundays(timeZone: string, count: number, now: Date = new Date()): string[] {
  // The time zone is needed for today only; from there on it is calendar arithmetic, which is what
  // adding days in the zone gave too, without a zone look-up per date (each cost one Intl call).
  const today = todayIn(timeZone, now);
  const first = addDaysIso(today, (7 - weekdayOfIso(today)) % 7);
  return Array.from({ length: count }, (_, i) => addDaysIso(first, i * 7));
}

/**
 * A yyyy-MM-dd date as a count of days from 1970-01-01, and back: calendar arithmetic on whole
 * numbers, without a Date object and its ISO text per step (the capacity rules walk weeks of
 * every channel on each question the form asks).
 */
export function epochDayOfIso(isoDate: string): number {
  // Read digit by digit and counted from 1 March (the inverse of isoOfEpochDay): parsing the parts
  // into a Date was a third of the form's availability work. A day past its month's end runs on
  // into the next month, as Date.UTC reads it.
  const month = isoDate.charCodeAt(5) * 10 + isoDate.charCodeAt(6) - 528;
  const day = isoDate.charCodeAt(8) * 10 + isoDate.charCodeAt(9) - 528;
  const year =
    isoDate.charCodeAt(0) * 1000 +
    isoDate.charCodeAt(1) * 100 +
    isoDate.charCodeAt(2) * 10 +
    isoDate.charCodeAt(3) -
    53_328 -
    (month <= 2 ? 1 : 0);
  const era = Math.floor(year / 400);
  const yearOfEra = year - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The yyyy-MM-dd date `day` days from 1970-01-01 (the proleptic Gregorian calendar's civil date of a day count). */
export function isoOfEpochDay(day: number): string {
  let iso = isoDates.get(day);
  if (iso === undefined) {
    iso = civilDate(day);
    if (isoDates.size >= ISO_DATES_KEPT) isoDates.clear();
    isoDates.set(day, iso);
  }
  return iso;
}

/**
 * The dates written lately, by day count: the capacity rules write the same few weeks' dates for
 * every channel of every question, and a date is a dozen steps of arithmetic and a new string.
 * Some thirty years of days at most; past that it starts again.
 */
const isoDates = new Map<number, string>();
const ISO_DATES_KEPT = 11_000;

function civilDate(day: number): string {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shifted = Math.floor((5 * dayOfYear + 2) / 153);
  const d = dayOfYear - Math.floor((153 * shifted + 2) / 5) + 1;
  const m = shifted < 10 ? shifted + 3 : shifted - 9;
  const y = yearOfEra + era * 400 + (m <= 2 ? 1 : 0);
  return `${y >= 1000 ? y : String(y).padStart(4, '0')}-${TWO_DIGITS[m]}-${TWO_DIGITS[d]}`;
}

/** '01' to '31': a month's or a day's two digits. */
const TWO_DIGITS = Array.from({ length: 32 }, (_, n) => String(n).padStart(2, '0'));

/** Day of the week of a yyyy-MM-dd date, 0 for Sunday. */
export function weekdayOfIso(isoDate: string): number {
  return weekdayOfEpochDay(epochDayOfIso(isoDate));
}

/** Day of the week of a day count from 1970-01-01 (a Thursday), 0 for Sunday. */
export function weekdayOfEpochDay(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** Adds days to a yyyy-MM-dd date, calendar-wise (no time zone drift). */
export function addDaysIso(isoDate: string, days: number): string {
  return isoOfEpochDay(epochDayOfIso(isoDate) + days);
}

/** Whole calendar days from `from` to `to`, yyyy-MM-dd dates (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return epochDayOfIso(to) - epochDayOfIso(from);
}

export function isSunday(isoDate: string): boolean {
  return weekdayOfIso(isoDate) === 0;
}

// ---------------------------------------------------------------- times of day

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/;

/**
 * An event time for people, in the locale's own short time style: '18:00' reads '6:00 PM' in en-US and
 * '18:00' in en-GB; `locale` undefined means the runtime's (the reader's browser's). The stored
 * time is already the church's wall-clock time (the form records it in the church's time zone), so
 * Intl formats it as that wall-clock time, pinned to UTC, and never shifts it to the reader's zone
 * or across a daylight-saving change. ICU's narrow no-break spaces become plain spaces so the text
 * is the same in every runtime. A value that is not a time is shown as stored.
 */
export function formatClockTime(time: string, locale?: string): string {
  const match = CLOCK.exec(time.trim());
  if (!match) return time;
  const wallClock = new Date(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2])));
  return clockFormat(locale)
    .format(wallClock)
    .replace(/[\u202f\u00a0]/g, ' ');
}

/** One formatter per locale: making an Intl.DateTimeFormat costs far more than using one (a feed formats thousands). */
const clockFormats = new Map<string | undefined, Intl.DateTimeFormat>();
function clockFormat(locale: string | undefined): Intl.DateTimeFormat {
  let format = clockFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'UTC' });
    clockFormats.set(locale, format);
  }
  return format;
}

/** An event's start and end time, '6:00 PM - 8:00 PM'; either alone when only one is known, '' for neither. */
export function formatTimeRange(start: string | null | undefined, end: string | null | undefined, locale?: string): string {
  return [start, end]
    .filter((t): t is string => !!t && t.trim() !== '')
    .map((t) => formatClockTime(t, locale))
    .join(' - ');
}

/**
 * A moment (a timestamp) for people, in the locale's medium date and short time style:
 * 'Jan 1, 2030, 12:00 PM' in en-US, '1 Jan 2030, 12:00' in en-GB. Shown in `timeZone`, by default
 * the reader's own.
 */
export function formatDateTime(iso: string, locale?: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone })
    .format(new Date(iso))
    .replace(/[\u202f\u00a0]/g, ' ');
}
