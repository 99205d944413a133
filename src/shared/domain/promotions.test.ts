import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDaysIso, daysBetween, isSunday } from './dates';
import { ITEM_STATUSES } from './statuses';
import {
  groupByWeek,
  isActiveThisWeek,
  isEventReady,
  isItemReady,
  promotionWeeks,
  readinessPercent,
  weekIndexOf,
  windowEndDate,
} from './promotions';

const isoDate = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('item readiness', () => {
  it('counts approved, published and complete as ready, nothing else', () => {
    const ready = ITEM_STATUSES.filter(isItemReady);
    expect(ready).toEqual(['approved', 'published', 'complete']);
  });
});

describe('readinessPercent', () => {
  it('is 0 without items and 100 only when every item is ready', () => {
    expect(readinessPercent(0, 0)).toBe(0);
    expect(readinessPercent(3, 3)).toBe(100);
    expect(readinessPercent(2, 3)).toBe(66);
    expect(isEventReady(readinessPercent(2, 3))).toBe(false);
    expect(isEventReady(readinessPercent(5, 5))).toBe(true);
  });

  it('stays within 0..100 and reaches 100 exactly when done equals count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 0, max: 500 }), (count, d) => {
        const done = d % (count + 1);
        const p = readinessPercent(done, count);
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(100);
        expect(p === 100).toBe(done === count);
      }),
    );
  });
});

describe('isActiveThisWeek', () => {
  it('is true from today through the next 6 days', () => {
    expect(isActiveThisWeek('2025-03-10', '2025-03-10')).toBe(true);
    expect(isActiveThisWeek('2025-03-16', '2025-03-10')).toBe(true);
    expect(isActiveThisWeek('2025-03-17', '2025-03-10')).toBe(false);
    expect(isActiveThisWeek('2025-03-09', '2025-03-10')).toBe(false);
  });

  it('agrees with the day distance for any pair of dates', () => {
    fc.assert(
      fc.property(isoDate, fc.integer({ min: -30, max: 30 }), (today, offset) => {
        expect(isActiveThisWeek(addDaysIso(today, offset), today)).toBe(offset >= 0 && offset < 7);
        expect(daysBetween(today, addDaysIso(today, offset))).toBe(offset);
      }),
    );
  });
});

describe('windowEndDate', () => {
  it('adds the window to today, or is open for all upcoming', () => {
    expect(windowEndDate('2025-01-01', '30')).toBe('2025-01-31');
    expect(windowEndDate('2025-01-01', 'upcoming')).toBeNull();
  });
});

describe('promotionWeeks', () => {
  it('gives six Sunday-to-Saturday weeks, the first holding today', () => {
    fc.assert(
      fc.property(isoDate, (today) => {
        const weeks = promotionWeeks(today);
        expect(weeks).toHaveLength(6);
        expect(weekIndexOf(today, weeks)).toBe(0);
        weeks.forEach((w, i) => {
          expect(isSunday(w.start)).toBe(true);
          expect(daysBetween(w.start, w.end)).toBe(6);
          if (i > 0) expect(daysBetween(weeks[i - 1].start, w.start)).toBe(7);
        });
      }),
    );
  });

  it('starts on the same day when today is a Sunday (church week)', () => {
    expect(promotionWeeks('2025-03-09')[0]).toEqual({ start: '2025-03-09', end: '2025-03-15' });
    expect(promotionWeeks('2025-03-15')[0]).toEqual({ start: '2025-03-09', end: '2025-03-15' });
  });

  it('groups events by their week and leaves out the rest', () => {
    const weeks = promotionWeeks('2025-03-12');
    const groups = groupByWeek(
      [
        { id: 'a', eventStartDate: '2025-03-12' },
        { id: 'b', eventStartDate: '2025-03-16' },
        { id: 'c', eventStartDate: '2025-06-01' },
      ],
      weeks,
    );
    expect(groups.map((g) => g.events.map((e) => e.id))).toEqual([['a'], ['b'], [], [], [], []]);
  });
});
