import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FINISHED_REQUEST_STATUSES, REQUEST_STATUSES } from '@shared/domain/statuses';
import { dueInfo } from './due';

const now = new Date(2025, 2, 12, 15, 0, 0); // 12 March 2025, 3 pm local

describe('dueInfo', () => {
  it('uses the promotion start date, red only when before today', () => {
    expect(dueInfo('2025-03-17', null, 'in_production', now)).toEqual({ label: 'in 5 days', past: false });
    expect(dueInfo('2025-03-12', null, 'in_production', now)).toEqual({ label: 'Today', past: false });
    expect(dueInfo('2025-03-10', null, 'in_production', now)).toEqual({ label: '2 days ago', past: true });
  });

  it('falls back to the submitted date, and says N/A without either', () => {
    const submitted = new Date(2025, 2, 9, 15, 0, 0).toISOString();
    expect(dueInfo(null, submitted, 'submitted', now)).toEqual({ label: '3 days ago', past: true });
    expect(dueInfo(null, null, 'submitted', now)).toEqual({ label: 'N/A', past: false });
  });

  it('never calls a finished request past due, whatever its dates', () => {
    for (const status of ['published', 'complete', 'cancelled']) {
      expect(dueInfo('2025-03-10', null, status, now)).toEqual({ label: '2 days ago', past: false });
    }
    const day = fc.integer({ min: -3650, max: 3650 }).map((n) => new Date(Date.UTC(2025, 2, 12 + n)).toISOString().slice(0, 10));
    fc.assert(
      fc.property(fc.option(day, { nil: null }), fc.constantFrom(...REQUEST_STATUSES), (date, status) => {
        const info = dueInfo(date, '2025-01-01T12:00:00Z', status, now);
        if ((FINISHED_REQUEST_STATUSES as readonly string[]).includes(status)) expect(info.past).toBe(false);
        else expect(info).toEqual(dueInfo(date, '2025-01-01T12:00:00Z', 'in_production', now));
      }),
    );
  });
});
