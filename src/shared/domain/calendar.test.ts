import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  CALENDAR_MAX_RANGE_DAYS,
  calendarRangeError,
  dayChips,
  groupByDay,
  isIsoDate,
  isMonth,
  longDateLabel,
  MAX_TASKS_PER_DAY,
  monthGrid,
  monthLabel,
  monthOf,
  moreLabel,
  nextMonth,
  previousMonth,
  weekdayOf,
} from './calendar';
import { addDaysIso } from './dates';
import { daysBetween } from './dates';

const month = fc
  .tuple(fc.integer({ min: 1900, max: 2200 }), fc.integer({ min: 1, max: 12 }))
  .map(([y, m]) => `${y}-${String(m).padStart(2, '0')}`);

describe('month grid', () => {
  it('November 2026 starts on Sunday the 1st and ends on Saturday December 5', () => {
    const grid = monthGrid('2026-11');
    expect(grid.from).toBe('2026-11-01');
    expect(grid.to).toBe('2026-12-05');
    expect(grid.weeks).toHaveLength(5);
    expect(grid.weeks[0][0]).toEqual({ date: '2026-11-01', day: 1, inMonth: true });
    expect(grid.weeks[4].map((d) => d.day)).toEqual([29, 30, 1, 2, 3, 4, 5]);
    expect(grid.weeks[4].map((d) => d.inMonth)).toEqual([true, true, false, false, false, false, false]);
  });

  it('fills the first week from the previous month and can need six weeks', () => {
    const grid = monthGrid('2026-08'); // 1 August 2026 is a Saturday; the 31st a Monday.
    expect(grid.from).toBe('2026-07-26');
    expect(grid.to).toBe('2026-09-05');
    expect(grid.weeks).toHaveLength(6);
    expect(grid.weeks[0].filter((d) => d.inMonth).map((d) => d.date)).toEqual(['2026-08-01']);
  });

  it('a 28-day February that starts on a Sunday is exactly four weeks', () => {
    const grid = monthGrid('2026-02');
    expect(grid.from).toBe('2026-02-01');
    expect(grid.to).toBe('2026-02-28');
    expect(grid.weeks).toHaveLength(4);
    expect(
      monthGrid('2024-02')
        .weeks.flat()
        .filter((d) => d.inMonth),
    ).toHaveLength(29);
  });

  it('property: whole weeks from a Sunday to a Saturday holding every day of the month once, in order', () => {
    fc.assert(
      fc.property(month, (m) => {
        const grid = monthGrid(m);
        const cells = grid.weeks.flat();
        expect([28, 35, 42]).toContain(cells.length);
        expect(grid.weeks.every((w) => w.length === 7)).toBe(true);
        expect(weekdayOf(grid.from)).toBe(0);
        expect(weekdayOf(grid.to)).toBe(6);
        expect(cells[0].date).toBe(grid.from);
        expect(cells[cells.length - 1].date).toBe(grid.to);
        cells.forEach((c, i) => {
          expect(c.date).toBe(addDaysIso(grid.from, i));
          expect(weekdayOf(c.date)).toBe(i % 7);
          expect(c.inMonth).toBe(monthOf(c.date) === m);
          expect(c.day).toBe(Number(c.date.slice(8)));
        });
        const inMonth = cells.filter((c) => c.inMonth);
        expect(inMonth[0].date).toBe(`${m}-01`);
        expect(inMonth[inMonth.length - 1].date).toBe(addDaysIso(`${nextMonth(m)}-01`, -1));
        expect(inMonth.length).toBeGreaterThanOrEqual(28);
        expect(inMonth.length).toBeLessThanOrEqual(31);
        // The padding is less than a week at either end.
        expect(daysBetween(grid.from, `${m}-01`)).toBeLessThan(7);
        expect(daysBetween(inMonth[inMonth.length - 1].date, grid.to)).toBeLessThan(7);
        // Any grid is a range the API answers.
        expect(calendarRangeError(grid.from, grid.to)).toBeNull();
      }),
    );
  });
});

describe('months', () => {
  it('steps across year ends', () => {
    expect(nextMonth('2026-12')).toBe('2027-01');
    expect(previousMonth('2027-01')).toBe('2026-12');
    expect(addMonths('2026-11', 14)).toBe('2028-01');
    expect(addMonths('2026-03', -15)).toBe('2024-12');
  });

  it('property: next then previous is the identity, and twelve months is a year', () => {
    fc.assert(
      fc.property(month, fc.integer({ min: -600, max: 600 }), (m, n) => {
        expect(previousMonth(nextMonth(m))).toBe(m);
        expect(addMonths(addMonths(m, n), -n)).toBe(m);
        expect(addMonths(m, 12)).toBe(`${Number(m.slice(0, 4)) + 1}${m.slice(4)}`);
        expect(isMonth(addMonths(m, n))).toBe(true);
      }),
    );
  });

  it('labels months and days in words', () => {
    expect(monthLabel('2026-11')).toBe('November 2026');
    expect(monthLabel('2027-01')).toBe('January 2027');
    expect(longDateLabel('2026-11-22')).toBe('Sunday, November 22, 2026');
  });

  it('accepts only yyyy-MM months and real yyyy-MM-dd dates', () => {
    expect(isMonth('2026-11')).toBe(true);
    for (const bad of ['2026-13', '2026-00', '2026-1', '26-11', '2026-11-01', '', null, 202611]) expect(isMonth(bad)).toBe(false);
    expect(isIsoDate('2024-02-29')).toBe(true);
    for (const bad of ['2026-02-29', '2026-02-30', '2026-13-01', '2026-11-1', '2026-11-31', 'tomorrow', 20261101]) {
      expect(isIsoDate(bad)).toBe(false);
    }
  });
});

describe('ranges', () => {
  it('refuses a range that ends before it starts or spans more than the maximum', () => {
    expect(calendarRangeError('2026-11-01', '2026-11-01')).toBeNull();
    expect(calendarRangeError('2026-11-02', '2026-11-01')).toBe('The end date must be on or after the start date.');
    const last = addDaysIso('2026-11-01', CALENDAR_MAX_RANGE_DAYS - 1);
    expect(calendarRangeError('2026-11-01', last)).toBeNull();
    expect(calendarRangeError('2026-11-01', addDaysIso(last, 1))).toBe(`Choose a range of at most ${CALENDAR_MAX_RANGE_DAYS} days.`);
  });
});

describe('chips', () => {
  it('shows at most four tasks a day and counts the rest', () => {
    expect(MAX_TASKS_PER_DAY).toBe(4);
    expect(dayChips([1, 2, 3])).toEqual({ shown: [1, 2, 3], more: 0 });
    expect(dayChips([1, 2, 3, 4])).toEqual({ shown: [1, 2, 3, 4], more: 0 });
    expect(dayChips([1, 2, 3, 4, 5, 6])).toEqual({ shown: [1, 2, 3, 4], more: 2 });
    expect(moreLabel(2)).toBe('+2 more');
  });

  it("counts the day's total when only its first chips were sent", () => {
    expect(dayChips([1, 2, 3, 4], 9)).toEqual({ shown: [1, 2, 3, 4], more: 5 });
    expect(dayChips([1, 2], 2)).toEqual({ shown: [1, 2], more: 0 });
    // A total below what was sent (a stale count) never hides a chip nor goes negative.
    expect(dayChips([1, 2, 3, 4, 5], 3)).toEqual({ shown: [1, 2, 3, 4], more: 1 });
  });

  it('property: with a total, shown plus more is the total, shown never above the cap', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 4 }), fc.nat({ max: 50 }), (tasks, extra) => {
        const total = tasks.length + extra;
        const { shown, more } = dayChips(tasks, total);
        expect(shown).toEqual(tasks);
        expect(shown.length + more).toBe(total);
      }),
    );
  });

  it('property: shown plus more is every task, shown never above the cap, in the given order', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 30 }), (tasks) => {
        const { shown, more } = dayChips(tasks);
        expect(shown.length).toBeLessThanOrEqual(MAX_TASKS_PER_DAY);
        expect(shown.length + more).toBe(tasks.length);
        expect(shown).toEqual(tasks.slice(0, shown.length));
      }),
    );
  });

  it('groups tasks by due date keeping their order', () => {
    const tasks = [
      { id: 'a', dueDate: '2026-11-03' },
      { id: 'b', dueDate: '2026-11-05' },
      { id: 'c', dueDate: '2026-11-03' },
    ];
    const days = groupByDay(tasks);
    expect([...days.keys()]).toEqual(['2026-11-03', '2026-11-05']);
    expect(days.get('2026-11-03')!.map((t) => t.id)).toEqual(['a', 'c']);
  });
});
