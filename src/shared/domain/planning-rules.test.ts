import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  globalReadiness,
  hasPlanContent,
  healthScore,
  isFileTask,
  isScriptTask,
  planItemDone,
  planReadiness,
  readinessBadge,
  rowsToSave,
  runwayReadiness,
  sermonComplete,
  sundayReadiness,
  sundayTaskBadge,
  taskSlug,
} from './planning-rules';

const item = fc.record({
  id: fc.option(fc.uuid(), { nil: undefined }),
  isComplete: fc.boolean(),
  assignedToId: fc.option(fc.uuid(), { nil: null }),
  taskDetails: fc.option(fc.string(), { nil: null }),
  url: fc.option(fc.string(), { nil: null }),
  fileUrl: fc.option(fc.string(), { nil: null }),
});
const percent = fc.integer({ min: 0, max: 100 });

describe('readiness (guide/sunday-planning.md#readiness, guide/sunday-planning.md#readiness)', () => {
  it('is the share of a plan’s items done; a plan with none is not planned, never 100', () => {
    expect(planReadiness([])).toBeNull();
    expect(planReadiness([{ isComplete: true }, { isComplete: false }, { isComplete: false }])).toBe(33);
    expect(planReadiness([{ isComplete: true }, { isComplete: true }])).toBe(100);
    expect(planReadiness([{ isComplete: false }])).toBe(0);
  });

  it('counts content, not ticks: a ticked details task needs details or a link, a file task its file, a check its tick', () => {
    expect(planItemDone({ isComplete: true, kind: 'text', taskDetails: '  ', url: null })).toBe(false);
    expect(planItemDone({ isComplete: true, kind: 'text', taskDetails: 'Welcome slide', url: null })).toBe(true);
    expect(planItemDone({ isComplete: true, kind: 'text', taskDetails: null, url: 'https://example.org/x' })).toBe(true);
    expect(planItemDone({ isComplete: true, kind: 'file', taskDetails: 'notes only', fileUrl: null })).toBe(false);
    expect(planItemDone({ isComplete: true, kind: 'file', fileUrl: '/api/planning-files/1' })).toBe(true);
    expect(planItemDone({ isComplete: true, kind: 'check' })).toBe(true);
    expect(planItemDone({ isComplete: false, kind: 'text', taskDetails: 'Welcome slide' })).toBe(false);
    expect(
      planReadiness([
        { isComplete: true, kind: 'text' },
        { isComplete: true, kind: 'check' },
      ]),
    ).toBe(50);
    const kinded = fc.record({
      isComplete: fc.boolean(),
      kind: fc.constantFrom('text' as const, 'file' as const, 'check' as const),
      taskDetails: fc.option(fc.string(), { nil: null }),
      url: fc.option(fc.string(), { nil: null }),
      fileUrl: fc.option(fc.string(), { nil: null }),
    });
    fc.assert(
      fc.property(kinded, (i) => {
        const done = planItemDone(i);
        // Never done without the tick; with it, exactly when the kind's content is there.
        if (!i.isComplete) expect(done).toBe(false);
        else if (i.kind === 'check') expect(done).toBe(true);
        else if (i.kind === 'file') expect(done).toBe(!!i.fileUrl?.trim());
        else expect(done).toBe(!!i.taskDetails?.trim() || !!i.url?.trim());
      }),
    );
    fc.assert(
      fc.property(fc.array(kinded, { minLength: 1, maxLength: 30 }), (items) => {
        // Readiness never exceeds the ticks' share: content can only take away.
        const ticks = Math.round((items.filter((i) => i.isComplete).length / items.length) * 100);
        expect(planReadiness(items)!).toBeLessThanOrEqual(ticks);
      }),
    );
  });

  it('stays within 0..100: 100 when every item is done, 0 when none is', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ isComplete: fc.boolean() }), { minLength: 1, maxLength: 40 }), (items) => {
        const p = planReadiness(items)!;
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(100);
        if (items.every((i) => i.isComplete)) expect(p).toBe(100);
        if (items.length > 0 && items.every((i) => !i.isComplete)) expect(p).toBe(0);
      }),
    );
  });

  it('a Sunday, a runway and the whole are rounded means, between the least and the greatest', () => {
    expect(sundayReadiness([100, 50, 0, 25, 75])).toBe(50);
    expect(runwayReadiness([100, 100, 0])).toBe(67);
    expect(globalReadiness([70, 71])).toBe(71);
    expect(sundayReadiness([])).toBeNull();
    expect(runwayReadiness([])).toBeNull();
    expect(globalReadiness([])).toBeNull();
    // Plans without tasks are left out of the mean; all of them without tasks: not planned.
    expect(sundayReadiness([null, 50, null, 100])).toBe(75);
    expect(sundayReadiness([null, null])).toBeNull();
    expect(readinessBadge(null)).toBe('Not Planned');
    fc.assert(
      fc.property(fc.array(percent, { minLength: 1, maxLength: 12 }), (values) => {
        for (const fn of [sundayReadiness, runwayReadiness, globalReadiness]) {
          const got = fn(values);
          expect(Number.isInteger(got)).toBe(true);
          expect(got).toBeGreaterThanOrEqual(Math.min(...values));
          expect(got).toBeLessThanOrEqual(Math.max(...values));
        }
      }),
    );
  });

  it('badges: On Track at 70 or more, At Risk 40 to under 70, Behind below 40', () => {
    expect(readinessBadge(100)).toBe('On Track');
    expect(readinessBadge(70)).toBe('On Track');
    expect(readinessBadge(69)).toBe('At Risk');
    expect(readinessBadge(40)).toBe('At Risk');
    expect(readinessBadge(39)).toBe('Behind');
    expect(readinessBadge(0)).toBe('Behind');
    fc.assert(
      fc.property(percent, percent, (a, b) => {
        // A higher percentage never gets a worse badge.
        const order = ['Behind', 'At Risk', 'On Track'];
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(order.indexOf(readinessBadge(lo))).toBeLessThanOrEqual(order.indexOf(readinessBadge(hi)));
      }),
    );
  });
});

describe('the Sunday task badge (guide/sunday-planning.md#readiness)', () => {
  it('complete if done; in progress if assigned; needs assignee with details or url; else not started', () => {
    expect(sundayTaskBadge({ isComplete: true, assignedToId: null })).toBe('complete');
    expect(sundayTaskBadge({ isComplete: true, assignedToId: 'u' })).toBe('complete');
    expect(sundayTaskBadge({ isComplete: false, assignedToId: 'u' })).toBe('in_progress');
    expect(sundayTaskBadge({ isComplete: false, taskDetails: 'Draft ready' })).toBe('needs_assignee');
    expect(sundayTaskBadge({ isComplete: false, url: 'https://example.org' })).toBe('needs_assignee');
    expect(sundayTaskBadge({ isComplete: false, taskDetails: '   ' })).toBe('not_started');
    expect(sundayTaskBadge({ isComplete: false })).toBe('not_started');
  });

  it('is complete exactly when done, and in progress exactly when assigned and not done', () => {
    fc.assert(
      fc.property(item, (i) => {
        const badge = sundayTaskBadge(i);
        expect(badge === 'complete').toBe(i.isComplete);
        expect(badge === 'in_progress').toBe(!i.isComplete && !!i.assignedToId);
      }),
    );
  });
});

describe('the save rule (guide/sunday-planning.md#readiness)', () => {
  it('writes rows that exist or carry done, assignee, details, url or file', () => {
    const rows = [
      { taskName: 'Untouched', isComplete: false },
      { taskName: 'Blank details', isComplete: false, taskDetails: '  ' },
      { id: 'saved', taskName: 'Saved before', isComplete: false },
      { taskName: 'Done', isComplete: true },
      { taskName: 'Assigned', isComplete: false, assignedToId: 'u' },
      { taskName: 'Details', isComplete: false, taskDetails: 'x' },
      { taskName: 'Link', isComplete: false, url: 'https://x' },
      { taskName: 'File', isComplete: false, fileUrl: '/api/planning-files/x' },
    ];
    expect(rowsToSave(rows).map((r) => r.taskName)).toEqual(['Saved before', 'Done', 'Assigned', 'Details', 'Link', 'File']);
    expect(rowsToSave([{ isComplete: false }])).toEqual([]);
  });

  it('keeps a row exactly when it has an id or content, in order', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 20 }), (items) => {
        const kept = rowsToSave(items);
        expect(kept).toEqual(items.filter((i) => !!i.id || hasPlanContent(i)));
      }),
    );
  });
});

describe('task kinds (guide/sunday-planning.md#readiness)', () => {
  it('file-type tasks are matched by slug', () => {
    expect(taskSlug('Message slide deck')).toBe('message_slide_deck');
    expect(taskSlug('  QR bundle! ')).toBe('qr_bundle');
    for (const name of [
      'Message slide deck',
      'Sermon bumper',
      'Sermon graphics',
      'Giving slide',
      'QR bundle',
      'file_upload',
      'File upload',
    ]) {
      expect(isFileTask(name), name).toBe(true);
    }
    for (const name of ['Run of show', 'Giving moment script', 'Profile photo', 'Announcement slides']) {
      expect(isFileTask(name), name).toBe(false);
    }
  });

  it("'script' tasks are those whose name contains 'script'", () => {
    expect(isScriptTask('Giving moment script')).toBe(true);
    expect(isScriptTask('Stage announcement Script')).toBe(true);
    expect(isScriptTask('Run of show')).toBe(false);
  });
});

describe('the sermon check mark (guide/sunday-planning.md#readiness)', () => {
  const full = { seriesId: 's', sermonTitle: 'Rooted', teachingPastorId: 'p', scriptureReference: 'Col 2:6' };
  it('shows only when series, title, pastor and scripture are all filled', () => {
    expect(sermonComplete(full)).toBe(true);
    expect(sermonComplete(null)).toBe(false);
    for (const key of Object.keys(full) as Array<keyof typeof full>) {
      expect(sermonComplete({ ...full, [key]: null }), key).toBe(false);
      expect(sermonComplete({ ...full, [key]: ' ' }), key).toBe(false);
    }
  });
});

describe('the System Health score (guide/sunday-planning.md#readiness)', () => {
  it('is (passed + 0.5 per warning) / total x 100, rounded; 100 with no entries', () => {
    expect(healthScore([])).toBe(100);
    expect(healthScore(['Passed', 'Warning', 'Failed'])).toBe(50);
    expect(healthScore(['Passed', 'Passed', 'Warning'])).toBe(83);
    fc.assert(
      fc.property(fc.array(fc.constantFrom('Passed', 'Warning', 'Failed'), { minLength: 1, maxLength: 30 }), (statuses) => {
        const s = healthScore(statuses);
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(100);
      }),
    );
  });
});
