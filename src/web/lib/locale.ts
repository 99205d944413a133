/**
 * The reader's locale, for notations such as 12- or 24-hour times (decision 0009): the browser's
 * preferred language, or the runtime's default when it names none.
 */
export function readerLocale(): string | undefined {
  if (typeof navigator === 'undefined') return undefined;
  return navigator.languages?.[0] ?? navigator.language ?? undefined;
}
