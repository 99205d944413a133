import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDaysIso } from './dates';
import { freeCode, RESERVED_CODES, runwayCodeFrom, STANDARD_RUNWAYS, taskDueDate, untouchedItem } from './runway-setup';
import { RUNWAY_CODE_PATTERN, RUNWAY_CODES } from './planning';
import { isFileTask } from './planning-rules';

/** Any Sunday from 1990 to 2090 (1990-01-07 was a Sunday). */
const sunday = fc.integer({ min: 0, max: 52 * 100 }).map((weeks) => addDaysIso('1990-01-07', weeks * 7));
const dayMs = 86_400_000;
const utc = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

describe('a recurring task’s due date', () => {
  it('is that many calendar days before its Sunday, across the daylight-saving changes', () => {
    // New York changed on 2026-03-08 and 2026-11-01: a date is not an instant, so nothing shifts.
    expect(taskDueDate('2026-03-08', 3)).toBe('2026-03-05');
    expect(taskDueDate('2026-03-15', 7)).toBe('2026-03-08');
    expect(taskDueDate('2026-11-01', 1)).toBe('2026-10-31');
    expect(taskDueDate('2026-11-08', 0)).toBe('2026-11-08');
  });

  it('property: always exactly days-before calendar days earlier, on the weekday that many days back', () => {
    fc.assert(
      fc.property(sunday, fc.integer({ min: 0, max: 365 }), (date, days) => {
        const due = taskDueDate(date, days);
        expect(due).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect((utc(date) - utc(due)) / dayMs).toBe(days);
        expect(new Date(utc(due)).getUTCDay()).toBe((7 - (days % 7)) % 7);
      }),
    );
  });
});

describe('an item nobody has worked on', () => {
  const blank = { isComplete: false, assignedToId: null, taskDetails: null, url: null, fileUrl: null };
  it('is not done, has no details, link or file, and still has the assignee its task gave it', () => {
    expect(untouchedItem(blank, null)).toBe(true);
    expect(untouchedItem({ ...blank, assignedToId: 'u1' }, 'u1')).toBe(true);
    expect(untouchedItem({ ...blank, taskDetails: '  ' }, null)).toBe(true);
    expect(untouchedItem({ ...blank, isComplete: true }, null)).toBe(false);
    expect(untouchedItem({ ...blank, taskDetails: 'x' }, null)).toBe(false);
    expect(untouchedItem({ ...blank, url: 'https://x' }, null)).toBe(false);
    expect(untouchedItem({ ...blank, fileUrl: '/api/planning-files/x' }, null)).toBe(false);
    expect(untouchedItem({ ...blank, assignedToId: 'u2' }, 'u1')).toBe(false);
    expect(untouchedItem({ ...blank, assignedToId: null }, 'u1')).toBe(false);
  });
});

describe('a runway’s code', () => {
  it('is made from its name, and a taken or reserved one gets a number', () => {
    expect(runwayCodeFrom('Kids & Family')).toBe('kids-family');
    expect(runwayCodeFrom('  ¡Música!  ')).toBe('musica');
    expect(runwayCodeFrom('***')).toBe('runway');
    expect(freeCode('kids', new Set(['kids', 'kids-2']))).toBe('kids-3');
    expect(freeCode('manage', new Set())).toBe('manage-2');
  });

  it('property: always a well-formed address, never a page’s', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.array(fc.string({ maxLength: 12 }), { maxLength: 5 }), (name, taken) => {
        const code = freeCode(runwayCodeFrom(name), new Set(taken));
        expect(code).toMatch(RUNWAY_CODE_PATTERN);
        expect(RESERVED_CODES.has(code)).toBe(false);
        expect(taken).not.toContain(code);
      }),
    );
  });
});

describe('the standard runways', () => {
  it('are the five standard codes, and each task’s kind is what its name read as before kinds were data', () => {
    expect(STANDARD_RUNWAYS.map((r) => r.code)).toEqual([...RUNWAY_CODES]);
    for (const r of STANDARD_RUNWAYS)
      for (const t of r.tasks) if (t.kind !== 'check') expect(t.kind, t.name).toBe(isFileTask(t.name) ? 'file' : 'text');
  });
});
