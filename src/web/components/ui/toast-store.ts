import { useSyncExternalStore } from 'react';

/**
 * Toasts (guide/notifications-and-email.md#read-when-opened): at most one at a time, a new one replaces the old, 5000 ms by
 * default, `Infinity` never auto-dismisses, and a destructive variant. The state lives here, apart
 * from the Radix UI in toaster.tsx, so the first page can queue a toast without downloading the UI
 * (lazy-toaster.tsx loads it; decision 0030).
 */
export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  duration?: number;
  /** One button in the toast ('Undo'): pressing it runs `onClick` and closes the toast. */
  action?: { label: string; onClick: () => void };
}
export interface ToastState extends ToastInput {
  key: number;
  open: boolean;
}

let current: ToastState | null = null;
let seq = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Shows the toast; returns its key, for dismissing this one and not a later one. */
export function toast(input: ToastInput): number {
  current = { ...input, key: ++seq, open: true };
  emit();
  return current.key;
}

/** Closes the toast on screen, or, given a key, only if that toast is still the one on screen. */
export function dismissToast(key?: number) {
  if (key !== undefined && current?.key !== key) return;
  if (current) current = { ...current, open: false };
  emit();
}

export function useToastState(): ToastState | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => null,
  );
}
