import { TZDate } from '@date-fns/tz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDaysIso, isSunday, todayIn } from './dates';
import { firstSundayOnOrAfter, hasWeekRange, seriesBadge, seriesSundays, seriesWeeks, type SeriesWeekDraft } from './series';

const NY = 'America/New_York';
const instant = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2060-01-01T00:00:00Z'), noInvalidDate: true });
/** A date of the church calendar, reached from an instant in New York (so DST days come up often). */
const churchDate = instant.map((d) => todayIn(NY, d));
/** A range of up to about a year and a half that may start on any weekday. */
const range = fc.tuple(churchDate, fc.integer({ min: 0, max: 540 })).map(([start, span]) => ({ start, end: addDaysIso(start, span) }));

/** An oracle independent of the rule: walk every day and ask the church's zone which are Sundays. */
function sundaysByWalking(start: string, end: string): string[] {
  const out: string[] = [];
  for (let day = start; day <= end; day = addDaysIso(day, 1)) {
    const [y, m, d] = day.split('-').map(Number);
    if (new TZDate(y, m - 1, d, 12, 0, 0, NY).getDay() === 0) out.push(day);
  }
  return out;
}

const week = (sundayDate: string, over: Partial<SeriesWeekDraft> = {}): SeriesWeekDraft => ({
  sundayDate,
  weekTitle: 'Custom',
  scripture: 'John 1',
  blurb: 'In the beginning',
  ...over,
});

describe('series badge', () => {
  const dates = { startSunday: '2030-03-03', endSunday: '2030-03-31' };

  it('is Upcoming before the start, Active from start to end inclusive, Past after the end', () => {
    expect(seriesBadge(dates, '2030-03-02')).toBe('Upcoming');
    expect(seriesBadge(dates, '2030-03-03')).toBe('Active');
    expect(seriesBadge(dates, '2030-03-20')).toBe('Active');
    expect(seriesBadge(dates, '2030-03-31')).toBe('Active');
    expect(seriesBadge(dates, '2030-04-01')).toBe('Past');
  });

  it('reads missing dates as decision 0017 says', () => {
    expect(seriesBadge({ startSunday: null, endSunday: null }, '2030-03-10')).toBe('Upcoming');
    expect(seriesBadge({ startSunday: null, endSunday: '2030-03-31' }, '2030-03-10')).toBe('Upcoming');
    expect(seriesBadge({ startSunday: null, endSunday: '2030-03-31' }, '2030-04-01')).toBe('Past');
    expect(seriesBadge({ startSunday: '2030-03-03', endSunday: null }, '2030-03-01')).toBe('Upcoming');
    expect(seriesBadge({ startSunday: '2030-03-03', endSunday: null }, '2035-01-01')).toBe('Active');
  });

  it('property: with both dates it follows the spec rule for today in the church zone, across DST changes', () => {
    fc.assert(
      fc.property(range, instant, ({ start, end }, now) => {
        const today = todayIn(NY, now);
        const expected = today < start ? 'Upcoming' : today > end ? 'Past' : 'Active';
        expect(seriesBadge({ startSunday: start, endSunday: end }, today)).toBe(expected);
      }),
    );
  });
});

describe('series Sundays', () => {
  it('start on the first Sunday on or after the start date, one per 7 days up to the end', () => {
    expect(firstSundayOnOrAfter('2030-03-03')).toBe('2030-03-03');
    expect(firstSundayOnOrAfter('2030-03-04')).toBe('2030-03-10');
    expect(seriesSundays({ startSunday: '2030-03-03', endSunday: '2030-03-24' })).toEqual([
      '2030-03-03',
      '2030-03-10',
      '2030-03-17',
      '2030-03-24',
    ]);
    expect(seriesSundays({ startSunday: '2030-03-03', endSunday: '2030-03-03' })).toEqual(['2030-03-03']);
  });

  it('are generated only if both dates are set and start is not after end', () => {
    expect(hasWeekRange({ startSunday: null, endSunday: '2030-03-03' })).toBe(false);
    expect(hasWeekRange({ startSunday: '2030-03-03', endSunday: null })).toBe(false);
    expect(seriesSundays({ startSunday: '2030-03-10', endSunday: '2030-03-03' })).toEqual([]);
    expect(seriesWeeks({ startSunday: null, endSunday: null }, [week('2030-03-03')])).toEqual([]);
  });

  it('cross the spring and autumn clock changes as whole weeks', () => {
    // New York: clocks go forward on 2030-03-10 and back on 2030-11-03, both Sundays.
    expect(seriesSundays({ startSunday: '2030-03-01', endSunday: '2030-03-17' })).toEqual(['2030-03-03', '2030-03-10', '2030-03-17']);
    expect(seriesSundays({ startSunday: '2030-10-27', endSunday: '2030-11-10' })).toEqual(['2030-10-27', '2030-11-03', '2030-11-10']);
  });

  it('property: exactly the Sundays of the range in the church zone, a week apart, across DST changes', () => {
    fc.assert(
      fc.property(range, ({ start, end }) => {
        const sundays = seriesSundays({ startSunday: start, endSunday: end });
        expect(sundays).toEqual(sundaysByWalking(start, end));
        expect(sundays.every(isSunday)).toBe(true);
        for (let i = 1; i < sundays.length; i++) expect(sundays[i]).toBe(addDaysIso(sundays[i - 1], 7));
      }),
    );
  });
});

describe('weekly breakdown', () => {
  const dates = { startSunday: '2030-03-03', endSunday: '2030-03-24' };

  it("titles new weeks 'Week N' and keeps a matching week's title, scripture and blurb", () => {
    const weeks = seriesWeeks(dates, [week('2030-03-10', { weekTitle: 'Grace', scripture: 'Eph 2', blurb: 'Saved by grace' })]);
    expect(weeks.map((w) => w.weekTitle)).toEqual(['Week 1', 'Grace', 'Week 3', 'Week 4']);
    expect(weeks[1]).toEqual({ sundayDate: '2030-03-10', weekTitle: 'Grace', scripture: 'Eph 2', blurb: 'Saved by grace' });
    expect(weeks[0]).toEqual({ sundayDate: '2030-03-03', weekTitle: 'Week 1', scripture: '', blurb: '' });
  });

  it('drops weeks whose Sunday is no longer in range, and a blank title falls back to its Week N', () => {
    const weeks = seriesWeeks({ startSunday: '2030-03-10', endSunday: '2030-03-17' }, [
      week('2030-03-03'),
      week('2030-03-17', { weekTitle: '  ' }),
    ]);
    expect(weeks).toEqual([
      { sundayDate: '2030-03-10', weekTitle: 'Week 1', scripture: '', blurb: '' },
      { sundayDate: '2030-03-17', weekTitle: 'Week 2', scripture: 'John 1', blurb: 'In the beginning' },
    ]);
  });

  it('property: one week per Sunday, matching weeks kept verbatim, others Week N, stable when applied again', () => {
    const texts = fc.record({
      weekTitle: fc.string({ minLength: 1 }).filter((s) => s.trim() !== ''),
      scripture: fc.string(),
      blurb: fc.string(),
    });
    fc.assert(
      fc.property(range, range, fc.array(fc.tuple(fc.nat(80), texts), { maxLength: 10 }), (now, before, picks) => {
        const oldSundays = seriesSundays({ startSunday: before.start, endSunday: before.end });
        const existing = picks.filter(([i]) => i < oldSundays.length).map(([i, t]) => ({ sundayDate: oldSundays[i], ...t }));
        const lastBySunday = new Map(existing.map((w) => [w.sundayDate, w]));
        const dates = { startSunday: now.start, endSunday: now.end };
        const weeks = seriesWeeks(dates, existing);
        expect(weeks.map((w) => w.sundayDate)).toEqual(seriesSundays(dates));
        weeks.forEach((w, i) => {
          const kept = lastBySunday.get(w.sundayDate);
          expect(w).toEqual(kept ?? { sundayDate: w.sundayDate, weekTitle: `Week ${i + 1}`, scripture: '', blurb: '' });
        });
        expect(seriesWeeks(dates, weeks)).toEqual(weeks);
      }),
    );
  });
});
