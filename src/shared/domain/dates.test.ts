import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDaysIso, isSunday, todayIn, upcomingSundays } from './dates';

const NY = 'America/New_York';
const instant = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true });

describe('church dates', () => {
  it('today is the calendar date in the church time zone', () => {
    // 03:00 UTC on a Monday is still Sunday evening in New York.
    expect(todayIn(NY, new Date('2025-03-10T03:00:00Z'))).toBe('2025-03-09');
    expect(todayIn('UTC', new Date('2025-03-10T03:00:00Z'))).toBe('2025-03-10');
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

  it('isSunday', () => {
    expect(isSunday('2025-03-09')).toBe(true);
    expect(isSunday('2025-03-10')).toBe(false);
  });
});
