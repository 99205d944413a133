import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDaysIso } from './dates';
import {
  availabilityMarks,
  blockoutCovers,
  blockoutProblem,
  BLOCKOUT_MAX_DAYS,
  loadWeekOf,
  PEOPLE_MESSAGES,
  suggestReplacements,
  SUGGESTIONS_SHOWN,
  type Availability,
} from './people-on-sundays';

const day = fc.integer({ min: 0, max: 3000 }).map((n) => addDaysIso('2030-01-01', n));

describe('people on Sundays rules', () => {
  it('a week runs Monday to Sunday, and holds its date', () => {
    fc.assert(
      fc.property(day, (date) => {
        const { from, to } = loadWeekOf(date);
        expect(new Date(`${to}T00:00:00Z`).getUTCDay()).toBe(0);
        expect(addDaysIso(from, 6)).toBe(to);
        expect(from <= date && date <= to).toBe(true);
      }),
    );
    expect(loadWeekOf('2033-01-02')).toEqual({ from: '2032-12-27', to: '2033-01-02' });
  });

  it('a blockout covers exactly its days, both ends included', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 30 }), fc.integer({ min: -40, max: 40 }), (start, length, offset) => {
        const b = { startsOn: start, endsOn: addDaysIso(start, length) };
        expect(blockoutCovers(b, addDaysIso(start, offset))).toBe(offset >= 0 && offset <= length);
      }),
    );
  });

  it('a blockout must end on or after it starts, not in the past, and last at most a year', () => {
    expect(blockoutProblem('2033-01-05', '2033-01-04', '2033-01-01')).toBe(PEOPLE_MESSAGES.blockoutEnd);
    expect(blockoutProblem('2032-12-01', '2032-12-31', '2033-01-01')).toBe(PEOPLE_MESSAGES.blockoutPast);
    expect(blockoutProblem('2033-01-01', addDaysIso('2033-01-01', BLOCKOUT_MAX_DAYS), '2033-01-01')).toBe(PEOPLE_MESSAGES.blockoutTooLong);
    expect(blockoutProblem('2033-01-01', addDaysIso('2033-01-01', BLOCKOUT_MAX_DAYS - 1), '2033-01-01')).toBeNull();
    expect(blockoutProblem('2032-12-31', '2033-01-01', '2033-01-01')).toBeNull();
  });

  const person = fc.record({
    id: fc.uuid(),
    fullName: fc.string({ minLength: 1, maxLength: 8 }),
    role: fc.constantFrom('creative', 'coordinator', 'admin'),
    blockout: fc.option(fc.constant({ startsOn: '2033-01-02', endsOn: '2033-01-02', reason: null }), { nil: null }),
    declined: fc.boolean(),
    weekLoad: fc.integer({ min: 0, max: 15 }),
  }) as fc.Arbitrary<Availability>;

  it('replacements: only free people of the role, never the one replaced, least loaded first, at most five', () => {
    fc.assert(
      fc.property(fc.array(person, { maxLength: 30 }), fc.constantFrom('creative', 'coordinator', null), (people, role) => {
        const excluded = people[0]?.id ?? null;
        const got = suggestReplacements(people, role, excluded);
        expect(got.length).toBeLessThanOrEqual(SUGGESTIONS_SHOWN);
        for (const p of got) {
          expect(p.id).not.toBe(excluded);
          expect(p.blockout).toBeNull();
          expect(p.declined).toBe(false);
          if (role) expect(p.role).toBe(role);
        }
        for (let i = 1; i < got.length; i++) expect(got[i - 1].weekLoad).toBeLessThanOrEqual(got[i].weekLoad);
        const free = people.filter((p) => p.id !== excluded && !p.blockout && !p.declined && (!role || p.role === role));
        expect(got.length).toBe(Math.min(SUGGESTIONS_SHOWN, free.length));
      }),
    );
  });

  it('marks say why a person may be a poor choice', () => {
    const base: Availability = { id: 'a', fullName: 'A', role: 'creative', blockout: null, declined: false, weekLoad: 2 };
    expect(availabilityMarks(base)).toEqual([]);
    expect(availabilityMarks({ ...base, declined: true, weekLoad: 10, blockout: { startsOn: 'x', endsOn: 'x', reason: null } })).toEqual([
      'blocked out',
      'declined',
      '10 this week',
    ]);
  });
});
