import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/**
 * The second factor's codes (decision 0037): RFC 6238 TOTP with SHA-1, 6 digits and a
 * 30-second step, what every authenticator app reads from the QR code. A code of the previous or
 * the next step is accepted too (clocks drift), and a step once used is never accepted again.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_WINDOW = 1;
export const TOTP_ISSUER = 'Lampstand';
export const RECOVERY_CODE_COUNT = 10;

/** A new secret of 160 bits (RFC 4226's recommendation), as base32 text. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, label = ''): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
}

/** The otpauth:// address the QR code holds. */
export function totpUri(secret: string, accountName: string): string {
  return totp(secret, accountName).toString();
}

/** The time step (counter) of a moment. */
export const stepAt = (timestampMs: number) => Math.floor(timestampMs / 1000 / TOTP_PERIOD_SECONDS);

/** The code of a moment, as an authenticator app shows it (the tests compute codes with it). */
export function totpCodeAt(secret: string, timestampMs: number): string {
  return totp(secret).generate({ timestamp: timestampMs });
}

/**
 * The time step a code belongs to, within ±1 step of `now`, or null for a wrong code. The caller
 * refuses a step not newer than the last one used (a replayed code).
 */
export function matchTotp(secret: string, code: string, now: number = Date.now()): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totp(secret).validate({ token, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : stepAt(now) + delta;
}

/** Whether a matched step may be used: newer than the last step used with this factor. */
export const stepIsFresh = (step: number, lastUsedStep: number | null) => lastUsedStep === null || step > lastUsedStep;

/** Letters and digits that cannot be mistaken for each other when copied by hand (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten single-use codes like `k7m2p-x9q4r` (about 49 bits each), shown once. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const one = () => Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return Array.from({ length: count }, () => {
    const raw = one();
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
}

/** A recovery code as typed (any case, spaces or dashes) in its one stored form. */
export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

/** What is stored of a recovery code: the codes are random, so a plain hash is enough. */
export const hashRecoveryCode = (code: string) => createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');
