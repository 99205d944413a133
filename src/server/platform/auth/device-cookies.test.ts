import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEVICE_ENTRIES_MAX, knownDevice, withDevice } from './device-cookies';

const secret = randomBytes(32);

describe('device cookies', () => {
  it('an entry made for an account is known for that account only, and under that secret only', () => {
    const owner = randomUUID();
    const cookie = withDevice(secret, undefined, owner);
    expect(knownDevice(secret, cookie, owner)).toMatch(/^[\w-]{22}$/);
    expect(knownDevice(secret, cookie, randomUUID())).toBeNull();
    expect(knownDevice(randomBytes(32), cookie, owner)).toBeNull();
  });

  it('a new sign-in replaces the account’s entry with a new nonce and keeps the others, up to the maximum', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 7 }), { minLength: 1, maxLength: 25 }), (signIns) => {
        const people = Array.from({ length: 8 }, () => randomUUID());
        let cookie: string | undefined;
        const nonces = new Map<string, string>();
        for (const i of signIns) {
          const before = knownDevice(secret, cookie, people[i]);
          cookie = withDevice(secret, cookie, people[i]);
          const after = knownDevice(secret, cookie, people[i]);
          expect(after).not.toBeNull();
          expect(after).not.toBe(before);
          nonces.set(people[i], after!);
        }
        const entries = cookie!.split('~');
        expect(entries.length).toBeLessThanOrEqual(DEVICE_ENTRIES_MAX);
        // The most recent distinct sign-ins are the ones kept.
        const recent = [...new Set([...signIns].reverse())].slice(0, DEVICE_ENTRIES_MAX);
        for (const i of recent) expect(knownDevice(secret, cookie, people[i])).toBe(nonces.get(people[i]));
      }),
      { numRuns: 50 },
    );
  });

  it('garbage, tampered or truncated cookies are simply unknown', () => {
    const owner = randomUUID();
    const cookie = withDevice(secret, undefined, owner);
    const [nonce, mac] = cookie.split('.');
    for (const bad of [
      '',
      'x',
      `${nonce}.`,
      `${nonce}.${mac.slice(1)}`,
      `${nonce}.${mac.slice(0, -1)}A`,
      `A${nonce.slice(1)}.${mac}`,
      '~~~',
    ]) {
      if (bad === cookie) continue;
      expect(knownDevice(secret, bad, owner)).toBeNull();
    }
  });
});
