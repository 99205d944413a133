import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromLocalInput, longDate, toLocalInput } from './post-time';

describe('post times in the church zone', () => {
  it('shows the default 17:00 UTC as noon in New York in winter and 1 PM in summer', () => {
    expect(toLocalInput('2026-11-29T17:00:00.000Z')).toBe('2026-11-29T12:00');
    expect(toLocalInput('2026-07-05T17:00:00.000Z')).toBe('2026-07-05T13:00');
  });

  it('reads a wall-clock time back as the same moment', () => {
    expect(new Date(fromLocalInput('2026-11-29T12:00')!).toISOString()).toBe('2026-11-29T17:00:00.000Z');
    expect(fromLocalInput('2026-11-29')).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }), (ms) => {
        const minute = Math.floor(ms / 60_000) * 60_000;
        const iso = new Date(minute).toISOString();
        const back = fromLocalInput(toLocalInput(iso));
        // The repeated hour when clocks go back may read as either moment; every other minute round-trips.
        expect(Math.abs(new Date(back!).getTime() - minute) % 3_600_000).toBe(0);
      }),
    );
  });

  it('writes the week of the Sunday in words', () => {
    expect(longDate('2026-11-29')).toBe('November 29, 2026');
  });
});
