import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bookedWeeks,
  CAPACITY_REJECTION_REASON,
  dropReason,
  dueDateFor,
  LEAD_TIME_REJECTION_REASON,
  loadState,
  loadText,
  plannedRuns,
  possibilityText,
  stillPossible,
  suggestedRejectionReason,
  weekStart,
  weeksFrom,
  type ChannelRule,
} from './capacity';
import { addDaysIso, todayIn, weekdayOfIso } from './dates';
import { daysBetween } from './dates';

const dateArb = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const ruleArb = fc.record<ChannelRule>({
  capacityPer: fc.constantFrom('sunday', 'week'),
  capacity: fc.option(fc.integer({ min: 0, max: 10 }), { nil: null }),
  runWeeks: fc.option(fc.integer({ min: 1, max: 8 }), { nil: null }),
  leadTimeDays: fc.integer({ min: 0, max: 60 }),
});
const windowArb = fc.tuple(dateArb, fc.integer({ min: 0, max: 70 })).map(([start, days]) => ({ start, end: addDaysIso(start, days) }));

describe('weeks', () => {
  it('a week starts on a Monday and holds its date and exactly one Sunday, its last day', () => {
    fc.assert(
      fc.property(dateArb, (date) => {
        const monday = weekStart(date);
        expect(weekdayOfIso(monday)).toBe(1);
        expect(daysBetween(monday, date)).toBeGreaterThanOrEqual(0);
        expect(daysBetween(monday, date)).toBeLessThan(7);
        expect(weekdayOfIso(addDaysIso(monday, 6))).toBe(0);
      }),
    );
  });

  it('the next twelve weeks are consecutive Mondays from the current week', () => {
    fc.assert(
      fc.property(dateArb, (today) => {
        const weeks = weeksFrom(today, 12);
        expect(weeks).toHaveLength(12);
        expect(weeks[0]).toBe(weekStart(today));
        weeks.slice(1).forEach((w, i) => expect(daysBetween(weeks[i], w)).toBe(7));
      }),
    );
  });
});

describe('bookings of a window', () => {
  it('a per-Sunday channel books the weeks of the Sundays of the window, the last runWeeks of them', () => {
    fc.assert(
      fc.property(windowArb, fc.option(fc.integer({ min: 1, max: 8 }), { nil: null }), (window, runWeeks) => {
        const sundays: string[] = [];
        for (let d = window.start; d <= window.end; d = addDaysIso(d, 1)) if (weekdayOfIso(d) === 0) sundays.push(d);
        const want = runWeeks === null ? sundays : sundays.slice(Math.max(0, sundays.length - runWeeks));
        const runs = plannedRuns(window, { capacityPer: 'sunday', runWeeks });
        expect(runs.map((r) => r.from)).toEqual(want);
        expect(runs.map((r) => r.week)).toEqual(want.map(weekStart));
      }),
    );
  });

  it('a per-week channel books each week the window touches, its runs inside the window, in order and without overlap', () => {
    fc.assert(
      fc.property(windowArb, fc.option(fc.integer({ min: 1, max: 8 }), { nil: null }), (window, runWeeks) => {
        const all = plannedRuns(window, { capacityPer: 'week', runWeeks: null });
        expect(all[0].from).toBe(window.start);
        expect(all[all.length - 1].to).toBe(window.end);
        expect(new Set(all.map((r) => r.week)).size).toBe(all.length);
        all.forEach((r, i) => {
          expect(weekStart(r.from)).toBe(r.week);
          expect(weekStart(r.to)).toBe(r.week);
          if (i > 0) expect(r.from).toBe(addDaysIso(all[i - 1].to, 1));
        });
        const runs = plannedRuns(window, { capacityPer: 'week', runWeeks });
        expect(runs).toEqual(runWeeks === null ? all : all.slice(Math.max(0, all.length - runWeeks)));
      }),
    );
  });

  it('a three-week slide deck books three Sundays of a three-week window ending on a Sunday', () => {
    expect(bookedWeeks({ start: '2026-12-07', end: '2026-12-27' }, { capacityPer: 'sunday', runWeeks: 3 })).toEqual([
      '2026-12-07',
      '2026-12-14',
      '2026-12-21',
    ]);
  });

  it('a window across a year end books the weeks of both years, the week of 1 January named by its Monday in December', () => {
    const window = { start: '2026-12-21', end: '2027-01-10' };
    expect(bookedWeeks(window, { capacityPer: 'sunday', runWeeks: null })).toEqual(['2026-12-21', '2026-12-28', '2027-01-04']);
    expect(bookedWeeks(window, { capacityPer: 'week', runWeeks: null })).toEqual(['2026-12-21', '2026-12-28', '2027-01-04']);
    expect(plannedRuns({ start: '2026-12-30', end: '2027-01-02' }, { capacityPer: 'week', runWeeks: null })).toEqual([
      { week: '2026-12-28', from: '2026-12-30', to: '2027-01-02' },
    ]);
  });

  it('a window that ends before it starts books nothing', () => {
    fc.assert(
      fc.property(dateArb, fc.integer({ min: 1, max: 30 }), ruleArb, (start, back, rule) => {
        expect(bookedWeeks({ start, end: addDaysIso(start, -back) }, rule)).toEqual([]);
      }),
    );
  });
});

describe('what a late request can still get', () => {
  it('ready exactly while today plus the lead time is on or before the first run; the due date is worked backwards', () => {
    fc.assert(
      fc.property(windowArb, ruleArb, (window, rule) => {
        const planned = plannedRuns(window, rule);
        fc.pre(planned.length > 0);
        const first = planned[0].from;
        // The last day it is ready: today = first run - lead.
        const lastReady = dueDateFor(first, rule.leadTimeDays);
        const atEdge = stillPossible(lastReady, window, rule);
        expect(atEdge.state).toBe('ready');
        expect(atEdge.dueDate).toBe(lastReady);
        expect(atEdge.firstRun).toBe(first);
        expect(atEdge.runs).toEqual(planned);
        // A day later it is no longer ready.
        expect(stillPossible(addDaysIso(lastReady, 1), window, rule).state).not.toBe('ready');
      }),
    );
  });

  it('late while some run can still be made: it starts later, on the first day production allows, with fewer or shorter runs', () => {
    fc.assert(
      fc.property(windowArb, ruleArb, fc.integer({ min: 1, max: 80 }), (window, rule, lateBy) => {
        const planned = plannedRuns(window, rule);
        fc.pre(planned.length > 0);
        const today = addDaysIso(dueDateFor(planned[0].from, rule.leadTimeDays), lateBy);
        const p = stillPossible(today, window, rule);
        const earliest = addDaysIso(today, rule.leadTimeDays);
        const lastDay = planned[planned.length - 1].to;
        if (lastDay >= earliest) {
          expect(p.state).toBe('late');
          expect(p.firstRun! >= earliest).toBe(true);
          expect(p.firstRun! > planned[0].from).toBe(true);
          expect(p.dueDate! >= today).toBe(true);
          expect(p.runs.length).toBeLessThanOrEqual(planned.length);
          expect(p.runs.every((r) => planned.some((q) => q.week === r.week))).toBe(true);
        } else {
          expect(p.state).toBe('not_possible');
          expect(p.runs).toEqual([]);
          expect(p.dueDate).toBeNull();
        }
      }),
    );
  });

  it('not possible from the day after the last run less the lead time, and late on that day', () => {
    fc.assert(
      fc.property(windowArb, ruleArb, (window, rule) => {
        const planned = plannedRuns(window, rule);
        fc.pre(planned.length > 0);
        const lastChance = dueDateFor(planned[planned.length - 1].to, rule.leadTimeDays);
        const onIt = stillPossible(lastChance, window, rule);
        if (planned.length === 1 && planned[0].from === planned[0].to) expect(onIt.state).toBe('ready');
        else expect(['ready', 'late']).toContain(onIt.state);
        expect(stillPossible(addDaysIso(lastChance, 1), window, rule).state).toBe('not_possible');
      }),
    );
  });

  it('a window without a Sunday is not possible for a per-Sunday channel, and says why', () => {
    const window = { start: '2026-12-01', end: '2026-12-05' };
    const rule = { capacityPer: 'sunday' as const, runWeeks: null, leadTimeDays: 0 };
    const p = stillPossible('2026-11-01', window, rule);
    expect(p).toMatchObject({ state: 'not_possible', plannedFirstRun: null });
    expect(dropReason(p, rule)).toBe('The promotion holds no Sunday.');
    expect(dropReason({ plannedFirstRun: '2026-12-06' }, { capacityPer: 'week', leadTimeDays: 1 })).toBe(
      'Too late: it needs 1 day of production before its last run.',
    );
  });

  it('today in the church’s zone across a daylight-saving change gives the same answers as the calendar date', () => {
    // 2027-03-14 is the spring change in New York, 2026-11-01 the autumn one: a minute after local
    // midnight on either day is still that day there, and the rules see only the date.
    const rule = { capacityPer: 'sunday' as const, runWeeks: 3, leadTimeDays: 21 };
    const window = { start: '2027-03-28', end: '2027-04-18' };
    const spring = todayIn('America/New_York', new Date('2027-03-14T05:01:00Z'));
    expect(spring).toBe('2027-03-14');
    expect(stillPossible(spring, window, rule)).toMatchObject({ state: 'ready', dueDate: '2027-03-14', firstRun: '2027-04-04' });
    const springNext = todayIn('America/New_York', new Date('2027-03-15T04:01:00Z'));
    expect(springNext).toBe('2027-03-15');
    expect(stillPossible(springNext, window, rule)).toMatchObject({ state: 'late', firstRun: '2027-04-11', dueDate: '2027-03-21' });
    const autumn = todayIn('America/New_York', new Date('2026-11-02T04:59:00Z'));
    expect(autumn).toBe('2026-11-01');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 47 }), (halfHours) => {
        // Every half hour of the 25-hour autumn day is the same date there.
        const at = new Date(Date.parse('2026-11-01T04:00:00Z') + halfHours * 30 * 60_000);
        expect(todayIn('America/New_York', at)).toBe('2026-11-01');
      }),
    );
  });
});

describe('loads and reasons', () => {
  it('a week is open below its capacity, full at it and over beyond it; unlimited is always open', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50 }), fc.option(fc.integer({ min: 0, max: 50 }), { nil: null }), (booked, capacity) => {
        const state = loadState(booked, capacity);
        if (capacity === null) expect(state).toBe('open');
        else expect(state).toBe(booked < capacity ? 'open' : booked === capacity ? 'full' : 'over');
        expect(loadText(booked, capacity)).toBe(capacity === null ? String(booked) : `${booked} / ${capacity}`);
      }),
    );
  });

  it('pre-selects the lead-time reason for a passed due date, else the scheduling reason for a week over capacity', () => {
    expect(suggestedRejectionReason({ dueDate: '2026-11-01', today: '2026-11-02', overCapacity: true })).toBe(LEAD_TIME_REJECTION_REASON);
    expect(suggestedRejectionReason({ dueDate: '2026-11-02', today: '2026-11-02', overCapacity: true })).toBe(CAPACITY_REJECTION_REASON);
    expect(suggestedRejectionReason({ dueDate: null, today: '2026-11-02', overCapacity: false })).toBeNull();
  });

  it('says each state in the form’s words', () => {
    expect(possibilityText({ state: 'ready', firstRun: '2026-12-06' })).toBe('Ready in time');
    expect(possibilityText({ state: 'late', firstRun: '2026-12-13' })).toBe('Late: would start on 2026-12-13');
    expect(possibilityText({ state: 'not_possible', firstRun: null })).toBe('Not possible');
  });
});
