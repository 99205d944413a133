import { TZDate } from '@date-fns/tz';
import fc from 'fast-check';
import { format } from 'date-fns/format';
import { describe, expect, it } from 'vitest';
import { addDaysIso } from './dates';
import { DEFAULT_LOCK_RULE, isLockDue, lockDaysBefore, lockRuleSentence, sundayLockInstant, WEEKDAYS } from './sunday-lock';

const NY = 'America/New_York';
const ZONES = [NY, 'UTC', 'Europe/London', 'Pacific/Auckland', 'America/Los_Angeles', 'Australia/Adelaide'];

/** Any Sunday from 1990 to 2090 (1990-01-07 was a Sunday). */
const sunday = fc.integer({ min: 0, max: 52 * 100 }).map((weeks) => addDaysIso('1990-01-07', weeks * 7));

describe('the Thursday-noon lock instant of a Sunday', () => {
  it('is 12:00 on the Thursday before, in New York time on both sides of the March change', () => {
    // DST began on Sunday 2026-03-08: the Thursday before is still EST (UTC-5), the next one EDT (UTC-4).
    expect(sundayLockInstant('2026-03-08', NY).toISOString()).toBe('2026-03-05T17:00:00.000Z');
    expect(sundayLockInstant('2026-03-15', NY).toISOString()).toBe('2026-03-12T16:00:00.000Z');
  });

  it('is 12:00 on the Thursday before, in New York time on both sides of the November change', () => {
    // DST ended on Sunday 2026-11-01: its Thursday is still EDT, the next Sunday's Thursday EST.
    expect(sundayLockInstant('2026-11-01', NY).toISOString()).toBe('2026-10-29T16:00:00.000Z');
    expect(sundayLockInstant('2026-11-08', NY).toISOString()).toBe('2026-11-05T17:00:00.000Z');
  });

  it('is due from that instant on, not a millisecond before', () => {
    const at = sundayLockInstant('2026-11-08', NY);
    expect(isLockDue('2026-11-08', NY, new Date(at.getTime() - 1))).toBe(false);
    expect(isLockDue('2026-11-08', NY, at)).toBe(true);
    expect(isLockDue('2026-11-08', NY, new Date('2026-11-08T15:00:00Z'))).toBe(true);
  });

  it('property: in every zone, the instant reads Thursday 12:00 three days before the Sunday, in that zone', () => {
    fc.assert(
      fc.property(sunday, fc.constantFrom(...ZONES), (date, tz) => {
        const local = new TZDate(sundayLockInstant(date, tz).getTime(), tz);
        expect(format(local, 'yyyy-MM-dd HH:mm:ss EEEE')).toBe(`${addDaysIso(date, -3)} 12:00:00 Thursday`);
      }),
    );
  });

  it('property: consecutive Sundays lock a week apart, give or take the hour of a clock change', () => {
    fc.assert(
      fc.property(sunday, fc.constantFrom(...ZONES), (date, tz) => {
        const gap = sundayLockInstant(addDaysIso(date, 7), tz).getTime() - sundayLockInstant(date, tz).getTime();
        expect(Math.abs(gap - 7 * 24 * 3_600_000)).toBeLessThanOrEqual(3_600_000);
      }),
    );
  });
});

describe('the lock rule as a church setting', () => {
  const time = fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);

  it('property: the instant reads the rule’s weekday and time before the Sunday, in the church’s zone (outside the hours a clock change skips)', () => {
    fc.assert(
      fc.property(sunday, fc.constantFrom(...ZONES), fc.integer({ min: 0, max: 6 }), time, (date, tz, weekday, hhmm) => {
        const at = sundayLockInstant(date, tz, { weekday, time: hhmm });
        const local = format(new TZDate(at.getTime(), tz), 'yyyy-MM-dd HH:mm EEEE');
        const day = addDaysIso(date, -lockDaysBefore(weekday));
        // A time inside a spring-forward gap reads as the zone reads it, later that day; every other one exactly.
        if (local !== `${day} ${hhmm} ${WEEKDAYS[weekday]}`) {
          expect(local.slice(0, 10)).toBe(day);
          expect(local.slice(11, 16) > hhmm).toBe(true);
        }
        // Never after its Sunday ends, and the Sunday's own rule is that day.
        expect(at.getTime()).toBeLessThanOrEqual(sundayLockInstant(date, tz, { weekday: 0, time: '23:59' }).getTime());
      }),
    );
  });

  it('Thursday 12:00 is the default; Saturday is one day before, Sunday the day itself', () => {
    expect(lockDaysBefore(4)).toBe(3);
    expect(lockDaysBefore(6)).toBe(1);
    expect(lockDaysBefore(0)).toBe(0);
    expect(sundayLockInstant('2026-11-08', NY).toISOString()).toBe(sundayLockInstant('2026-11-08', NY, DEFAULT_LOCK_RULE).toISOString());
    expect(sundayLockInstant('2026-11-08', NY, { weekday: 6, time: '18:30' }).toISOString()).toBe('2026-11-07T23:30:00.000Z');
    // 02:30 on the March Sunday does not exist in New York: the zone reads it as 03:30 EDT.
    expect(sundayLockInstant('2026-03-08', NY, { weekday: 0, time: '02:30' }).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(lockRuleSentence(DEFAULT_LOCK_RULE)).toBe('Thursday at 12:00');
    expect(lockRuleSentence({ ...DEFAULT_LOCK_RULE, enabled: false })).toBeNull();
    expect(lockRuleSentence(DEFAULT_LOCK_RULE, 'spoken')).toBe('Thursday at noon');
    expect(lockRuleSentence({ enabled: true, weekday: 6, time: '00:00' }, 'spoken')).toBe('Saturday at midnight');
    expect(lockRuleSentence({ enabled: true, weekday: 5, time: '18:30' }, 'spoken')).toBe('Friday at 18:30');
    expect(lockRuleSentence({ ...DEFAULT_LOCK_RULE, enabled: false }, 'spoken')).toBeNull();
  });

  it('is never due while off', () => {
    fc.assert(
      fc.property(sunday, fc.constantFrom(...ZONES), (date, tz) => {
        expect(isLockDue(date, tz, new Date(utc(date) + 10 * 86_400_000), { ...DEFAULT_LOCK_RULE, enabled: false })).toBe(false);
      }),
    );
  });
});

const utc = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
