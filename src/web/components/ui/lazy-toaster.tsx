import { useEffect, useState, type ComponentType } from 'react';
import { useToastState } from './toast-store';

let loading: Promise<ComponentType> | null = null;

/** The Radix toaster's chunk; a failed download is tried again the next time. */
function loadToaster(): Promise<ComponentType> {
  loading ??= import('./toaster').then(
    (m) => m.Toaster,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Mounts the toaster (toaster.tsx, Radix Toast) from a chunk of its own, so it is not part of the
 * first page's download (decision 0030). The chunk is fetched when the browser is idle after the
 * first render, or at once when a toast is queued before that; the queued toast then shows, with
 * its full duration, as soon as the toaster mounts. Each new toast retries a failed download.
 */
export function LazyToaster() {
  const current = useToastState();
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  const toastKey = current?.key;

  useEffect(() => {
    if (Toaster) return;
    let live = true;
    const load = () =>
      loadToaster().then(
        (component) => live && setToaster(() => component),
        (error: unknown) => console.error('Could not load the toaster', error),
      );
    if (toastKey !== undefined) {
      void load();
      return () => {
        live = false;
      };
    }
    const idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(() => void load()) : null;
    const timer = idle === null ? setTimeout(() => void load(), 500) : null;
    return () => {
      live = false;
      if (idle !== null) cancelIdleCallback(idle);
      if (timer !== null) clearTimeout(timer);
    };
  }, [Toaster, toastKey]);

  return Toaster ? <Toaster /> : null;
}
