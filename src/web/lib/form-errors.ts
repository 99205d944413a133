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
