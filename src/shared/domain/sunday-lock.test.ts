import { TZDate } from '@date-fns/tz';
import fc from 'fast-check';
import { format } from 'date-fns/format';
import { describe, expect, it } from 'vitest';
import { addDaysIso } from './dates';
import { isLockDue, sundayLockInstant } from './sunday-lock';

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
