import { AppError } from './errors';

/**
 * PostgreSQL text cannot hold the NUL character (U+0000): a query carrying one fails, which would
 * be a 500. Every string a client sends is checked here once, before validation: the JSON body,
 * the query string and the path by the app's preValidation hook, multipart text fields by the
 * upload readers (decision 0008).
 */
export const NUL_MESSAGE = 'This field contains a NUL character (\\u0000), which is not allowed.';

const hasNul = (s: string) => s.includes('\u0000');

/**
 * The dotted path (as the validation errors name fields) of the first string holding a NUL, or
 * null. The walk keeps its own stack rather than recursing, so no nesting can overflow it.
 */
export function findNul(value: unknown, path: string[] = []): string | null {
  // What is still to look at, the next last, so the walk goes in document order. A NUL in a key
  // (a record's key may be stored) names the field without the NUL itself.
  const pending: { value: unknown; path: string[]; nulInKey?: true }[] = [{ value, path }];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (next.nulInKey) return next.path.join('.');
    if (typeof next.value === 'string') {
      if (hasNul(next.value)) return next.path.join('.');
      continue;
    }
    if (next.value === null || typeof next.value !== 'object') continue;
    const entries = Array.isArray(next.value) ? next.value.map((v, i) => [String(i), v] as const) : Object.entries(next.value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, v] = entries[i];
      pending.push(
        hasNul(key)
          ? { value: v, path: [...next.path, key.replaceAll('\u0000', '')], nulInKey: true }
          : { value: v, path: [...next.path, key] },
      );
    }
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
