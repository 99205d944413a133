import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

/**
 * The server's field messages of a refused save (400 from the shared schema, 422 from a rule) put
 * under the form's own fields, as the form's schema would have put them. Answers whether any
 * field was named, so the caller says anything else another way (a toast, a line under the form).
 */
export function setServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  err: unknown,
  fields: ReadonlyArray<FieldPath<T>>,
): boolean {
  const named = err instanceof ApiError ? (err.fields ?? {}) : {};
  let any = false;
  for (const field of fields) {
    const message = named[field];
    if (message) {
      setError(field, { type: 'server', message });
      any = true;
    }
  }
  return any;
}

const ERROR_KEYS = new Set(['type', 'message', 'ref', 'types']);

/**
 * A refused form's messages by field path ('weeks.0.sundayDate'), in the schema's order: the first
 * is the one a toast names. A message on a list itself is keyed by the list's path.
 */
export function errorMessages(errors: object, path = '', out: Record<string, string> = {}): Record<string, string> {
  const { message } = errors as { message?: unknown };
  if (typeof message === 'string' && message) out[path.replace(/(^|\.)root$/, '') || 'body'] ??= message;
  for (const [key, child] of Object.entries(errors)) {
    if (!ERROR_KEYS.has(key) && child && typeof child === 'object') errorMessages(child as object, path ? `${path}.${key}` : key, out);
  }
  return out;
}
