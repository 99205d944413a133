import fc from 'fast-check';
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildTemporaryPassword, isTemporaryPassword, TEMPORARY_PASSWORD_LENGTH, TEMPORARY_PASSWORD_SYMBOLS } from './temporary-password';

const LOOK_ALIKES = ['0', 'O', 'o', '1', 'l', 'I'];

describe('temporary password (guide/accounts-and-security.md#passwords)', () => {
  it('for any random source: 12 characters, no look-alikes, at least two symbols', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 1, maxLength: 40 }), (seed) => {
        let i = 0;
        // A deterministic source from the generated numbers, each folded into range.
        const source = (max: number) => seed[i++ % seed.length] % max;
        const password = buildTemporaryPassword(source);
        expect(password).toHaveLength(TEMPORARY_PASSWORD_LENGTH);
        expect(isTemporaryPassword(password)).toBe(true);
        for (const c of LOOK_ALIKES) expect(password).not.toContain(c);
        expect([...password].filter((c) => TEMPORARY_PASSWORD_SYMBOLS.includes(c)).length).toBeGreaterThanOrEqual(2);
      }),
    );
  });

  it('with the crypto source two passwords differ', () => {
    const seen = new Set(Array.from({ length: 50 }, () => buildTemporaryPassword(randomInt)));
    expect(seen.size).toBe(50);
  });

  it('refuses other shapes', () => {
    expect(isTemporaryPassword('short!@')).toBe(false);
    expect(isTemporaryPassword('ABCDEFGHJK0!')).toBe(false);
    expect(isTemporaryPassword('ABCDEFGHJKLM')).toBe(false);
  });
});
