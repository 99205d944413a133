import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDaysIso,
  epochDayOfIso,
  formatClockTime,
  formatDateTime,
  formatTimeRange,
  isoOfEpochDay,
  isSunday,
  todayIn,
  upcomingSundays,
  weekdayOfIso,
} from './dates';

const NY = 'America/New_York';
const instant = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true });

describe('church dates', () => {
  it('today is the calendar date in the church time zone', () => {
    // 03:00 UTC on a Monday is still Sunday evening in New York.
    expect(todayIn(NY, new Date('2025-03-10T03:00:00Z'))).toBe('2025-03-09');
    expect(todayIn('UTC', new Date('2025-03-10T03:00:00Z'))).toBe('2025-03-10');
  });

  it('today agrees with the calendar date date-fns gives in the zone, at any instant and in zones either side of UTC', () => {
    const zones = fc.constantFrom(
      NY,
      'UTC',
      'Pacific/Auckland',
      'Pacific/Kiritimati',
      'Pacific/Pago_Pago',
      'Asia/Kolkata',
      'Europe/London',
    );
    fc.assert(
      fc.property(instant, zones, (now, tz) => {
        expect(todayIn(tz, now)).toBe(format(new TZDate(now, tz), 'yyyy-MM-dd'));
      }),
      { numRuns: 500 },
    );
  });

  it('property: asked again and again around a midnight, second by second, today turns exactly at the zone’s midnight', () => {
    // Kept per zone and minute: the questions fall within the same minutes, either side of midnight,
    // in zones whose offsets are not whole hours too.
    const zones = fc.constantFrom(NY, 'Asia/Kathmandu', 'Asia/Kolkata', 'Australia/Eucla', 'Pacific/Chatham');
    const seconds = fc.array(fc.integer({ min: -150, max: 150 }), { minLength: 1, maxLength: 40 });
    fc.assert(
      fc.property(instant, zones, seconds, (day, tz, offsets) => {
        const midnight = new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), tz).getTime();
        for (const s of offsets) {
          const now = new Date(midnight + s * 1000);
          expect(todayIn(tz, now)).toBe(format(new TZDate(now, tz), 'yyyy-MM-dd'));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('upcoming Sundays start today when today is Sunday in the church time zone', () => {
    expect(upcomingSundays(NY, 3, new Date('2025-03-10T03:00:00Z'))).toEqual(['2025-03-09', '2025-03-16', '2025-03-23']);
    expect(upcomingSundays(NY, 2, new Date('2025-03-10T12:00:00Z'))).toEqual(['2025-03-16', '2025-03-23']);
  });

  it('property: n Sundays, a week apart, the first within 6 days of today, across DST changes', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 1, max: 12 }), fc.constantFrom(NY, 'UTC', 'Pacific/Auckland'), (now, n, tz) => {
        const sundays = upcomingSundays(tz, n, now);
        expect(sundays).toHaveLength(n);
        expect(sundays.every(isSunday)).toBe(true);
        const today = todayIn(tz, now);
        expect(sundays[0] >= today && sundays[0] <= addDaysIso(today, 6)).toBe(true);
        for (let i = 1; i < n; i++) expect(sundays[i]).toBe(addDaysIso(sundays[i - 1], 7));
      }),
    );
  });

  it('addDaysIso is calendar arithmetic across months, years and leap days', () => {
    expect(addDaysIso('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDaysIso('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDaysIso('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDaysIso('2025-03-01', -1)).toBe('2025-02-28');
    fc.assert(
      fc.property(instant, fc.integer({ min: -1000, max: 1000 }), (d, days) => {
        const iso = d.toISOString().slice(0, 10);
        expect(addDaysIso(addDaysIso(iso, days), -days)).toBe(iso);
      }),
    );
  });

  it('property: the day-count arithmetic agrees with the calendar of Date: adding days, the weekday, and back again', () => {
    const day = fc.integer({ min: epochDayOfIso('1600-01-01'), max: epochDayOfIso('2400-12-31') });
    fc.assert(
      fc.property(day, fc.integer({ min: -4000, max: 4000 }), (n, offset) => {
        const date = new Date(n * 86_400_000);
        const iso = date.toISOString().slice(0, 10);
        expect(isoOfEpochDay(n)).toBe(iso);
        expect(epochDayOfIso(iso)).toBe(n);
        expect(weekdayOfIso(iso)).toBe(date.getUTCDay());
        expect(addDaysIso(iso, offset)).toBe(new Date((n + offset) * 86_400_000).toISOString().slice(0, 10));
      }),
      { numRuns: 2000 },
    );
  });

  it('isSunday', () => {
    expect(isSunday('2025-03-09')).toBe(true);
    expect(isSunday('2025-03-10')).toBe(false);
  });
});

describe('event times', () => {
  const hhmm = fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);

  it("reads in the locale's convention: 12-hour with AM/PM in en-US, 24-hour in en-GB", () => {
    expect(formatTimeRange('18:00', '20:00', 'en-US')).toBe('6:00 PM - 8:00 PM');
    expect(formatTimeRange('18:00', '20:00', 'en-GB')).toBe('18:00 - 20:00');
    expect(formatClockTime('00:05', 'en-US')).toBe('12:05 AM');
    expect(formatClockTime('12:30', 'en-US')).toBe('12:30 PM');
    expect(formatClockTime('09:15:00', 'en-US')).toBe('9:15 AM');
  });

  it('shows one side alone, nothing for neither, and an unreadable value as stored', () => {
    expect(formatTimeRange('18:00', null, 'en-US')).toBe('6:00 PM');
    expect(formatTimeRange(null, '20:00', 'en-US')).toBe('8:00 PM');
    expect(formatTimeRange(null, undefined, 'en-US')).toBe('');
    expect(formatTimeRange('', '  ', 'en-US')).toBe('');
    expect(formatClockTime('evening', 'en-US')).toBe('evening');
  });

  it('property: en-US reads back to the same wall-clock time, plain spaces only', () => {
    fc.assert(
      fc.property(hhmm, (time) => {
        const text = formatClockTime(time, 'en-US');
        const match = /^(1[0-2]|[1-9]):([0-5]\d) (AM|PM)$/.exec(text);
        expect(match, text).not.toBeNull();
        const hour = (Number(match![1]) % 12) + (match![3] === 'PM' ? 12 : 0);
        expect(`${String(hour).padStart(2, '0')}:${match![2]}`).toBe(time);
      }),
    );
  });

  it('property: 24-hour locales show the stored time unchanged, whatever the zone of the runtime', () => {
    const zone = process.env.TZ;
    try {
      for (const tz of ['America/Los_Angeles', 'Pacific/Kiritimati', 'Asia/Kolkata']) {
        // Node applies a changed TZ at once: the reader's zone must not move the church's time.
        process.env.TZ = tz;
        fc.assert(
          fc.property(hhmm, (time) => {
            expect(formatClockTime(time, 'en-GB')).toBe(time);
          }),
        );
        expect(formatTimeRange('18:00', '20:00', 'en-US')).toBe('6:00 PM - 8:00 PM');
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});

describe('moments', () => {
  it("read in the locale's date and time style, in the given zone", () => {
    const noonUtc = '2030-01-01T17:00:00.000Z';
    expect(formatDateTime(noonUtc, 'en-US', NY)).toBe('Jan 1, 2030, 12:00 PM');
    expect(formatDateTime(noonUtc, 'en-GB', NY)).toBe('1 Jan 2030, 12:00');
    // 03:00 UTC on 10 March is still the 9th, in the evening, in New York.
    expect(formatDateTime('2025-03-10T03:00:00Z', 'en-US', NY)).toBe('Mar 9, 2025, 11:00 PM');
  });
});
