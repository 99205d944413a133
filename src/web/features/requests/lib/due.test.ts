import { describe, expect, it } from 'vitest';
import { dueInfo } from './due';

const now = new Date(2025, 2, 12, 15, 0, 0); // 12 March 2025, 3 pm local

describe('dueInfo', () => {
  it('uses the promotion start date, red only when before today', () => {
    expect(dueInfo('2025-03-17', null, now)).toEqual({ label: 'in 5 days', past: false });
    expect(dueInfo('2025-03-12', null, now)).toEqual({ label: 'Today', past: false });
    expect(dueInfo('2025-03-10', null, now)).toEqual({ label: '2 days ago', past: true });
  });

  it('falls back to the submitted date, and says N/A without either', () => {
    const submitted = new Date(2025, 2, 9, 15, 0, 0).toISOString();
    expect(dueInfo(null, submitted, now)).toEqual({ label: '3 days ago', past: true });
    expect(dueInfo(null, null, now)).toEqual({ label: 'N/A', past: false });
  });
});
