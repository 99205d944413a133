/**
 * Temporary passwords for invited users and admin resets (guide/accounts-and-security.md#passwords): 12 characters from
 * an alphabet without look-alike characters (no 0/O, 1/l/I), plus symbols. It is e-mailed and must
 * be changed at the first sign-in.
 */
export const TEMPORARY_PASSWORD_LENGTH = 12;
export const TEMPORARY_PASSWORD_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
export const TEMPORARY_PASSWORD_SYMBOLS = '!@#$%&*?';
/** Two symbols in every password, so it always meets a symbol rule. */
const SYMBOL_COUNT = 2;

/** A random integer in [0, max): `crypto.randomInt` on the server. */
export type RandomInt = (max: number) => number;

export function buildTemporaryPassword(randomInt: RandomInt): string {
  const chars: string[] = [];
  const letters = TEMPORARY_PASSWORD_LENGTH - SYMBOL_COUNT;
  for (let i = 0; i < letters; i++) chars.push(TEMPORARY_PASSWORD_LETTERS[randomInt(TEMPORARY_PASSWORD_LETTERS.length)]);
  for (let i = 0; i < SYMBOL_COUNT; i++) chars.push(TEMPORARY_PASSWORD_SYMBOLS[randomInt(TEMPORARY_PASSWORD_SYMBOLS.length)]);
  // Fisher-Yates, so the symbols are not always at the end.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

/** Whether a string has the shape of a temporary password. */
export function isTemporaryPassword(value: string): boolean {
  if (value.length !== TEMPORARY_PASSWORD_LENGTH) return false;
  const allowed = TEMPORARY_PASSWORD_LETTERS + TEMPORARY_PASSWORD_SYMBOLS;
  const chars = [...value];
  return chars.every((c) => allowed.includes(c)) && chars.filter((c) => TEMPORARY_PASSWORD_SYMBOLS.includes(c)).length >= SYMBOL_COUNT;
}
