import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { promotionNoticeError } from './church-config';
import { addDaysIso, daysBetween, todayIn } from './dates';
import { dueOccurrences, nthOccurrence, occurrencePromotionStart, occurrencesBetween, type Cadence } from './recurrence';

const dateArb = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const cadenceArb = fc.constantFrom<Cadence>('weekly', 'biweekly', 'monthly');
const weekday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();
const lastDay = (iso: string) => {
  const [y, m] = iso.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
};

describe('occurrence dates', () => {
  it('weekly and every-two-weeks occurrences are 7 and 14 calendar days apart, on the first date’s weekday', () => {
    fc.assert(
      fc.property(dateArb, fc.constantFrom<Cadence>('weekly', 'biweekly'), fc.integer({ min: 0, max: 200 }), (first, cadence, n) => {
        const a = nthOccurrence({ cadence, firstDate: first }, n);
        const b = nthOccurrence({ cadence, firstDate: first }, n + 1);
        expect(daysBetween(a, b)).toBe(cadence === 'weekly' ? 7 : 14);
        expect(weekday(b)).toBe(weekday(first));
      }),
    );
  });

  it('monthly occurrences keep the first date’s day of the month, clamped to the month’s end', () => {
    fc.assert(
      fc.property(dateArb, fc.integer({ min: 0, max: 150 }), (first, n) => {
        const date = nthOccurrence({ cadence: 'monthly', firstDate: first }, n);
        const want = Math.min(Number(first.slice(8)), lastDay(date));
        expect(Number(date.slice(8))).toBe(want);
        // One per month, in order.
        const next = nthOccurrence({ cadence: 'monthly', firstDate: first }, n + 1);
        const months = (iso: string) => Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7));
        expect(months(next) - months(date)).toBe(1);
      }),
    );
  });

  it('month ends: the 31st falls on Feb 28 (29 in a leap year), Apr 30, and the 31st again', () => {
    const rule = { cadence: 'monthly' as const, firstDate: '2027-01-31', untilDate: null };
    expect(occurrencesBetween(rule, '2027-01-01', '2027-05-31')).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
    ]);
    expect(nthOccurrence({ cadence: 'monthly', firstDate: '2028-01-31' }, 1)).toBe('2028-02-29');
    expect(nthOccurrence({ cadence: 'monthly', firstDate: '2027-12-15' }, 1)).toBe('2028-01-15');
  });

  it('occurrencesBetween lists exactly the occurrences within the range and the series end', () => {
    fc.assert(
      fc.property(
        dateArb,
        cadenceArb,
        fc.integer({ min: -60, max: 400 }),
        fc.integer({ min: 0, max: 120 }),
        fc.option(fc.integer({ min: 0, max: 500 })),
        (first, cadence, offset, span, until) => {
          const rule = { cadence, firstDate: first, untilDate: until === null ? null : addDaysIso(first, until) };
          const from = addDaysIso(first, offset);
          const to = addDaysIso(from, span);
          const got = occurrencesBetween(rule, from, to);
          const want: string[] = [];
          for (let n = 0; ; n++) {
            const d = nthOccurrence(rule, n);
            if (d > to || (rule.untilDate && d > rule.untilDate)) break;
            if (d >= from) want.push(d);
          }
          expect(got).toEqual(want);
        },
      ),
    );
  });
});

describe('which occurrences are due', () => {
  it('an occurrence is due from its days ahead until the minimum notice, so each is made on some day, once it is caught up', () => {
    fc.assert(
      fc.property(
        dateArb,
        cadenceArb,
        fc.integer({ min: 14, max: 60 }),
        fc.integer({ min: 0, max: 14 }),
        (first, cadence, daysAhead, minNotice) => {
          const rule = { cadence, firstDate: first, untilDate: null };
          const start = addDaysIso(first, -daysAhead);
          // Walking day by day, every occurrence of the next months comes due, first on its creation day.
          const seen = new Map<string, string>();
          for (let i = 0; i < 90; i++) {
            const today = addDaysIso(start, i);
            for (const d of dueOccurrences(rule, today, daysAhead, minNotice)) {
              expect(daysBetween(today, d)).toBeGreaterThanOrEqual(minNotice);
              expect(daysBetween(today, d)).toBeLessThanOrEqual(daysAhead);
              if (!seen.has(d)) seen.set(d, today);
            }
          }
          for (const [d, firstDue] of seen) expect(firstDue).toBe(addDaysIso(d, -daysAhead));
        },
      ),
    );
  });

  it('the promotion start of an occurrence always meets the church’s minimum notice and never follows the event', () => {
    fc.assert(
      fc.property(dateArb, fc.integer({ min: 0, max: 14 }), fc.integer({ min: 0, max: 60 }), (today, minNotice, extra) => {
        const event = addDaysIso(today, minNotice + extra);
        const start = occurrencePromotionStart(event, today, minNotice);
        expect(promotionNoticeError(start, today, minNotice)).toBeNull();
        expect(start <= event).toBe(true);
      }),
    );
  });

  it('across daylight saving changes the church’s day decides, and a weekly series stays on its weekday', () => {
    const zone = 'America/New_York';
    // Instants around both changes of 2027 (Mar 14 and Nov 7), hour by hour.
    const instants = fc.oneof(
      fc.integer({ min: 0, max: 72 }).map((h) => new Date(Date.UTC(2027, 2, 13, 0) + h * 3_600_000)),
      fc.integer({ min: 0, max: 72 }).map((h) => new Date(Date.UTC(2027, 10, 6, 0) + h * 3_600_000)),
    );
    fc.assert(
      fc.property(instants, fc.integer({ min: 7, max: 30 }), (now, daysAhead) => {
        const today = todayIn(zone, now);
        const rule = { cadence: 'weekly' as const, firstDate: '2027-01-03', untilDate: null };
        const due = dueOccurrences(rule, today, daysAhead, 0);
        for (const d of due) expect(weekday(d)).toBe(0);
        expect(due).toEqual(occurrencesBetween(rule, today, addDaysIso(today, daysAhead)));
      }),
    );
    // Late on the Saturday before the spring change, New York is still on Saturday while UTC is Sunday.
    expect(todayIn(zone, new Date('2027-03-14T04:30:00Z'))).toBe('2027-03-13');
  });

  it('nothing is due when the days ahead are fewer than the minimum notice', () => {
    expect(dueOccurrences({ cadence: 'weekly', firstDate: '2027-01-03', untilDate: null }, '2027-01-01', 5, 14)).toEqual([]);
  });
});
