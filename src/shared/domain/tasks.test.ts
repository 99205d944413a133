import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDaysIso, todayIn } from './dates';
import { ITEM_STATUSES, PRIORITIES } from './statuses';
import {
  assigneeReminders,
  deadlineOf,
  dueInfo,
  dueLabel,
  isDoneStatus,
  progressPercent,
  REMINDER_HORIZON_DAYS,
  taskListPathFor,
  taskSection,
  teamSummary,
  workloadColour,
  workloadPercent,
} from './tasks';

const TZ = 'America/New_York';
const HOUR = 3_600_000;

describe('task sections', () => {
  it('pending additional items wait, rejected ones are apart, the rest are active', () => {
    const open = { status: 'in_progress' };
    expect(taskSection({ isAdditionalRequest: true, additionalRequestStatus: 'pending', ...open })).toBe('waiting');
    expect(taskSection({ isAdditionalRequest: true, additionalRequestStatus: 'rejected', ...open })).toBe('rejected');
    expect(taskSection({ isAdditionalRequest: true, additionalRequestStatus: 'approved', ...open })).toBe('active');
    expect(taskSection({ isAdditionalRequest: false, additionalRequestStatus: null, ...open })).toBe('active');
  });

  it('puts finished work (approved, published, complete) apart from the active tasks', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ITEM_STATUSES), fc.boolean(), (status, additional) => {
        const section = taskSection({ isAdditionalRequest: additional, additionalRequestStatus: additional ? 'approved' : null, status });
        expect(section).toBe(isDoneStatus(status) ? 'completed' : 'active');
      }),
    );
    for (const status of ['approved', 'published', 'complete']) {
      expect(taskSection({ isAdditionalRequest: false, additionalRequestStatus: null, status })).toBe('completed');
    }
  });
});

describe('progress', () => {
  it('is the whole-percent share of done items', () => {
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(2, 3)).toBe(67);
    expect(progressPercent(4, 4)).toBe(100);
  });
});

describe('due labels', () => {
  const today = '2025-03-10';
  it('says Due soon within 7 days, today included', () => {
    expect(dueLabel(dueInfo('2025-03-10', today, 'in_progress'))).toBe('Due soon');
    expect(dueLabel(dueInfo('2025-03-17', today, 'in_progress'))).toBe('Due soon');
    expect(dueLabel(dueInfo('2025-03-18', today, 'in_progress'))).toBeNull();
  });
  it('says Overdue by N days in whole days', () => {
    expect(dueLabel(dueInfo('2025-03-09', today, 'not_started'))).toBe('Overdue by 1 day');
    expect(dueLabel(dueInfo('2025-03-05', today, 'not_started'))).toBe('Overdue by 5 days');
    // Across the daylight-saving change (8 March 2025 in New York) days stay whole.
    expect(dueLabel(dueInfo('2025-03-01', today, 'submitted'))).toBe('Overdue by 9 days');
  });
  it('never calls finished or undated tasks overdue', () => {
    expect(dueLabel(dueInfo('2025-03-01', today, 'published'))).toBeNull();
    expect(dueLabel(dueInfo(null, today, 'in_progress'))).toBeNull();
  });
});

describe('workload', () => {
  it('is active tasks / 10 x 100, capped at 100', () => {
    expect(workloadPercent(0)).toBe(0);
    expect(workloadPercent(7)).toBe(70);
    expect(workloadPercent(15)).toBe(100);
  });
  it('is red above 90, orange above 70, green otherwise', () => {
    expect(workloadColour(100)).toBe('red');
    expect(workloadColour(90)).toBe('orange');
    expect(workloadColour(71)).toBe('orange');
    expect(workloadColour(70)).toBe('green');
  });
  it('stays within 0..100 for any count', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 1000 }), (n) => {
        const p = workloadPercent(n);
        return p >= 0 && p <= 100;
      }),
    );
  });
});

describe('deadlines', () => {
  it('a task falls due at the end of its due date in the church time zone', () => {
    expect(deadlineOf('2025-07-04', TZ).toISOString()).toBe('2025-07-05T04:00:00.000Z');
    expect(deadlineOf('2025-01-04', TZ).toISOString()).toBe('2025-01-05T05:00:00.000Z');
  });
});

describe('reminder rules', () => {
  const due = '2025-06-15';
  const deadline = deadlineOf(due, TZ).getTime();
  const at = (hoursBefore: number) => new Date(deadline - hoursBefore * HOUR);

  it('warns a not-started task within 48 hours, not before', () => {
    const item = { dueDate: due, status: 'not_started', priority: 'medium' };
    expect(assigneeReminders(item, at(49), TZ)).toEqual([]);
    expect(assigneeReminders(item, at(48), TZ)).toEqual(['deadline_warning']);
    expect(assigneeReminders(item, at(1), TZ)).toEqual(['deadline_warning']);
  });

  it('raises an urgent deadline for high or urgent priority within 24 hours', () => {
    expect(assigneeReminders({ dueDate: due, status: 'not_started', priority: 'high' }, at(30), TZ)).toEqual(['deadline_warning']);
    expect(assigneeReminders({ dueDate: due, status: 'not_started', priority: 'high' }, at(24), TZ)).toEqual([
      'deadline_warning',
      'urgent_deadline',
    ]);
    expect(assigneeReminders({ dueDate: due, status: 'not_started', priority: 'urgent' }, at(2), TZ)).toContain('urgent_deadline');
    expect(assigneeReminders({ dueDate: due, status: 'not_started', priority: 'medium' }, at(2), TZ)).not.toContain('urgent_deadline');
  });

  it('calls a task overdue once its due day is over, unless it is done', () => {
    expect(assigneeReminders({ dueDate: due, status: 'in_progress', priority: 'low' }, at(0), TZ)).toEqual(['overdue']);
    expect(assigneeReminders({ dueDate: due, status: 'in_progress', priority: 'low' }, at(0.01), TZ)).toEqual([]);
    for (const status of ['approved', 'published', 'complete']) {
      expect(assigneeReminders({ dueDate: due, status, priority: 'high' }, at(-100), TZ)).toEqual([]);
    }
    expect(assigneeReminders({ dueDate: null, status: 'not_started', priority: 'high' }, at(-100), TZ)).toEqual([]);
  });

  const isoDate = fc.integer({ min: 0, max: 3650 }).map((n) => addDaysIso('2022-01-01', n));
  const facts = fc.record({
    dueDate: isoDate,
    status: fc.constantFrom(...ITEM_STATUSES),
    priority: fc.constantFrom(...PRIORITIES),
  });
  // Whole minutes, so the moment is exact (a Date has millisecond precision).
  const offsetHours = fc.integer({ min: -200 * 60, max: 200 * 60 }).map((m) => m / 60);
  const zone = fc.constantFrom('America/New_York', 'America/Los_Angeles', 'Europe/London', 'UTC', 'Asia/Tokyo');

  it('property: the 48 h and 24 h windows, overdue and done are consistent for any time', () => {
    fc.assert(
      fc.property(facts, offsetHours, zone, (item, hoursBefore, tz) => {
        const dl = deadlineOf(item.dueDate, tz).getTime();
        const now = new Date(dl - hoursBefore * HOUR);
        const reasons = assigneeReminders(item, now, tz);
        if (isDoneStatus(item.status)) return reasons.length === 0;
        if (hoursBefore <= 0) return reasons.length === 1 && reasons[0] === 'overdue';
        const notStarted = item.status === 'not_started';
        const warn = notStarted && hoursBefore <= 48;
        const urgent = notStarted && hoursBefore <= 24 && (item.priority === 'high' || item.priority === 'urgent');
        return (
          reasons.includes('deadline_warning') === warn &&
          reasons.includes('urgent_deadline') === urgent &&
          !reasons.includes('overdue') &&
          // An urgent alert always comes inside the wider deadline window.
          (!urgent || warn)
        );
      }),
    );
  });

  it('property: the deadline is the end of the due day in the zone (the next local midnight)', () => {
    fc.assert(
      fc.property(isoDate, zone, (day, tz) => {
        const dl = deadlineOf(day, tz);
        const before = new Date(dl.getTime() - 1);
        const fmt = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(d);
        return fmt(before) === day && fmt(dl) === addDaysIso(day, 1);
      }),
    );
  });

  it("property: no reminder is owed for a task due after the job's horizon", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2022, 0, 1), max: Date.UTC(2030, 0, 1) }),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom(...PRIORITIES),
        zone,
        (ms, beyond, priority, tz) => {
          const now = new Date(ms);
          const dueDate = addDaysIso(todayIn(tz, now), REMINDER_HORIZON_DAYS + beyond);
          return assigneeReminders({ dueDate, status: 'not_started', priority }, now, tz).length === 0;
        },
      ),
    );
  });
});

describe('team summaries', () => {
  it("counts the tasks newly overdue and at risk: '12 tasks overdue'", () => {
    expect(teamSummary({ overdue: 12, urgent: 3 })).toEqual({
      title: '12 tasks overdue',
      body: 'Newly reported: 12 tasks past due and not finished; 3 tasks of high priority, not started and due within 24 hours. Open the task list to see them.',
      type: 'team_overdue',
    });
    expect(teamSummary({ overdue: 1, urgent: 0 })).toMatchObject({ title: '1 task overdue', type: 'team_overdue' });
    expect(teamSummary({ overdue: 0, urgent: 1 })).toEqual({
      title: '1 urgent task at risk',
      body: 'Newly reported: 1 task of high priority, not started and due within 24 hours. Open the task list to see them.',
      type: 'team_urgent',
    });
    expect(teamSummary({ overdue: 0, urgent: 0 })).toBeNull();
  });

  it('links each admin and approver to the task list their role opens', () => {
    expect(taskListPathFor('admin')).toBe('/all-tasks');
    expect(taskListPathFor('coordinator')).toBe('/all-tasks');
    // /all-tasks starts at coordinator; an approver's My Tasks lists every task.
    expect(taskListPathFor('approver')).toBe('/my-tasks');
  });
});
