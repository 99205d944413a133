import fc from 'fast-check';
import { Secret } from 'otpauth';
import { describe, expect, it } from 'vitest';
import {
  hashRecoveryCode,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  normaliseRecoveryCode,
  stepAt,
  stepIsFresh,
  totpCodeAt,
  totpUri,
  TOTP_PERIOD_SECONDS,
} from './totp';

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
// RFC 6238 appendix B's SHA-1 secret ("12345678901234567890") and its 8-digit vectors, last 6 digits.
const RFC_SECRET = Secret.fromLatin1('12345678901234567890').base32;

describe('TOTP codes', () => {
  it('match the RFC 6238 test vectors (SHA-1, 30 s), cut to 6 digits', () => {
    expect(totpCodeAt(RFC_SECRET, 59_000)).toBe('287082');
    expect(totpCodeAt(RFC_SECRET, 1_111_111_109_000)).toBe('081804');
    expect(totpCodeAt(RFC_SECRET, 1_234_567_890_000)).toBe('005924');
    expect(totpCodeAt(RFC_SECRET, 2_000_000_000_000)).toBe('279037');
  });

  it('makes 160-bit base32 secrets, different each time, in an otpauth URI an app reads', () => {
    const a = newTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(a);
    const uri = totpUri(a, 'ruth@example.org');
    expect(uri).toContain(`secret=${a}`);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Lampstand:ruth%40example\.org\?/);
    expect(uri).toContain('issuer=Lampstand');
    expect(uri).toContain('digits=6');
    expect(uri).toContain('period=30');
    expect(uri).toContain('algorithm=SHA1');
  });

  it('accepts the code of the current step and of one step either side, and answers which step', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 4_000_000_000 }).map((s) => s * 1000),
        fc.integer({ min: -1, max: 1 }),
        (now, delta) => {
          const code = totpCodeAt(RFC_SECRET, now + delta * STEP_MS);
          expect(matchTotp(RFC_SECRET, code, now)).toBe(stepAt(now) + delta);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses the code of two or more steps away', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 4_000_000_000 }).map((s) => s * 1000),
        fc.integer({ min: 2, max: 1000 }),
        fc.boolean(),
        (now, away, past) => {
          const code = totpCodeAt(RFC_SECRET, now + (past ? -away : away) * STEP_MS);
          const matched = matchTotp(RFC_SECRET, code, now);
          // A different step's code may collide with one inside the window by chance (1 in 10^6 each).
          if (matched !== null) expect([-1, 0, 1].map((d) => totpCodeAt(RFC_SECRET, now + d * STEP_MS))).toContain(code);
        },
      ),
      { numRuns: 200 },
    );
    const now = 1_700_000_000_000;
    expect(matchTotp(RFC_SECRET, totpCodeAt(RFC_SECRET, now - 2 * STEP_MS), now)).toBeNull();
    expect(matchTotp(RFC_SECRET, totpCodeAt(RFC_SECRET, now + 2 * STEP_MS), now)).toBeNull();
  });

  it('refuses what is not six digits, and takes a code typed with a space', () => {
    const now = 1_700_000_000_000;
    const code = totpCodeAt(RFC_SECRET, now);
    expect(matchTotp(RFC_SECRET, `${code.slice(0, 3)} ${code.slice(3)}`, now)).toBe(stepAt(now));
    expect(matchTotp(RFC_SECRET, code.slice(1), now)).toBeNull();
    expect(matchTotp(RFC_SECRET, `${code}0`, now)).toBeNull();
    expect(matchTotp(RFC_SECRET, 'abcdef', now)).toBeNull();
  });

  it('a step is fresh only when newer than the last one used: the same code twice is a replay', () => {
    expect(stepIsFresh(100, null)).toBe(true);
    expect(stepIsFresh(101, 100)).toBe(true);
    expect(stepIsFresh(100, 100)).toBe(false);
    expect(stepIsFresh(99, 100)).toBe(false);
    fc.assert(fc.property(fc.nat(), fc.nat(), (step, last) => stepIsFresh(step, last) === step > last));
  });
});

describe('recovery codes', () => {
  it('are ten distinct codes of two groups of five unambiguous characters', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
  });

  it('hash the same however they are typed, and differently from each other', () => {
    const [a, b] = newRecoveryCodes(2);
    expect(hashRecoveryCode(a.toUpperCase().replace('-', ' '))).toBe(hashRecoveryCode(a));
    expect(hashRecoveryCode(` ${a.replace('-', '')} `)).toBe(hashRecoveryCode(a));
    expect(hashRecoveryCode(a)).not.toBe(hashRecoveryCode(b));
    expect(hashRecoveryCode(a)).not.toContain(normaliseRecoveryCode(a));
  });
});
