import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { badgeCount, BELL_BADGE_CAP, BELL_LATEST_COUNT, MIN_PASSWORD_LENGTH, TOAST_DEFAULT_DURATION_MS } from './constants';

describe('shared constants (guide/README.md#where-the-numbers-live)', () => {
  it('has the spec values', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(8);
    expect(BELL_LATEST_COUNT).toBe(5);
    expect(BELL_BADGE_CAP).toBe(99);
    expect(TOAST_DEFAULT_DURATION_MS).toBe(5000);
  });

  it('the bell badge shows the count up to 99, then "99+"', () => {
    expect(badgeCount(0)).toBe('0');
    expect(badgeCount(1)).toBe('1');
    expect(badgeCount(99)).toBe('99');
    expect(badgeCount(100)).toBe('99+');
    expect(badgeCount(12345)).toBe('99+');
    fc.assert(
      fc.property(fc.nat(100_000), (n) => {
        expect(badgeCount(n)).toBe(n > 99 ? '99+' : String(n));
      }),
    );
  });
});
