import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's filters, search, sort and tab, kept in the address (decision 0057): back and forward
 * step through them, a link shares them, and closing a request drawer (which goes back) finds the
 * list as it was. A value equal to its default is left out of the address.
 *
 * Choices (a select, a tab) add a history entry; `set(patch, { replace: true })` does not.
 */
export function useListParams<T extends Record<string, string>>(defaults: T) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(Object.entries(defaults).map(([key, fallback]) => [key, params.get(key) ?? fallback])) as T;
  const defaultsKey = JSON.stringify(defaults);
  const fallback = useMemo(() => JSON.parse(defaultsKey) as Record<string, string>, [defaultsKey]);
  const set = useCallback(
    (patch: Partial<T>, options: { replace?: boolean } = {}) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(patch)) {
            if (value === undefined || value === '' || value === fallback[key]) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: options.replace ?? false, preventScrollReset: true },
      ),
    [setParams, fallback],
  );
  return [values, set] as const;
}

/**
 * A search box whose text lives in the address under `key`: the box answers every keystroke at
 * once, the address (and so the list's query) follows once typing pauses, replacing its entry so
 * back does not step through letters. Back and forward put the address's text back in the box.
 */
export function useSearchText(urlValue: string, write: (text: string) => void, delayMs = 300) {
  const [text, setText] = useState(urlValue);
  const lastWritten = useRef(urlValue);
  const writeRef = useRef(write);
  useEffect(() => {
    writeRef.current = write;
  }, [write]);
  useEffect(() => {
    // The address changed from outside (back, forward, a link): the box shows it.
    if (urlValue !== lastWritten.current) {
      lastWritten.current = urlValue;
      setText(urlValue);
    }
  }, [urlValue]);
  useEffect(() => {
    if (text === lastWritten.current) return;
    const timer = setTimeout(() => {
      lastWritten.current = text;
      writeRef.current(text);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);
  return [text, setText] as const;
}
