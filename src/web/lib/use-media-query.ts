import { useSyncExternalStore } from 'react';

/** Tailwind's small breakpoint: below it, lists read as cards rather than tables. */
export const SMALL_BREAKPOINT_QUERY = '(min-width: 640px)';

/**
 * Whether a media query matches, following changes (rotation, resizing). Where the browser has no
 * matchMedia (the test DOM), the query counts as matching `fallback`.
 */
export function useMediaQuery(query: string, fallback = true): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback),
    () => fallback,
  );
}

/** True from the small breakpoint up: wide enough for a table. */
export const useWideLayout = () => useMediaQuery(SMALL_BREAKPOINT_QUERY);
