import { AppError } from './errors';

/**
 * PostgreSQL text cannot hold the NUL character (U+0000): a query carrying one fails, which would
 * be a 500. Every string a client sends is checked here once, before validation: the JSON body,
 * the query string and the path by the app's preValidation hook, multipart text fields by the
 * upload readers (decision 0008).
 */
export const NUL_MESSAGE = 'This field contains a NUL character (\\u0000), which is not allowed.';

const hasNul = (s: string) => s.includes('\u0000');

/** The dotted path (as the validation errors name fields) of the first string holding a NUL, or null. */
export function findNul(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return hasNul(value) ? path.join('.') : null;
  if (value === null || typeof value !== 'object') return null;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, v] of entries) {
    // A NUL in a key (a record's key may be stored) names the field without the NUL itself.
    if (hasNul(key)) return [...path, key.replaceAll('\u0000', '')].join('.');
    const found = findNul(v, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/** Throws a 400 `validation` error naming the field when any string in `value` holds a NUL. */
export function refuseNul(value: unknown, root: string[] = []): void {
  const field = findNul(value, root);
  if (field === null) return;
  const name = field || 'body';
  throw new AppError(400, 'validation', NUL_MESSAGE, { [name]: NUL_MESSAGE });
}
