import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { TOAST_DEFAULT_DURATION_MS } from '@shared/domain/constants';

/**
 * Toasts (spec 000 section 4): at most one at a time, a new one replaces the old, 5000 ms by
 * default, `Infinity` never auto-dismisses, and a destructive variant.
 */
export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  duration?: number;
}
interface ToastState extends ToastInput {
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

function useToastState() {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => null,
  );
}

export function Toaster() {
  const t = useToastState();
  const destructive = t?.variant === 'destructive';
  return (
    <ToastPrimitive.Provider swipeDirection="right">
      {t && (
        <ToastPrimitive.Root
          key={t.key}
          open={t.open}
          onOpenChange={(open) => !open && dismissToast()}
          duration={t.duration ?? TOAST_DEFAULT_DURATION_MS}
          type={destructive ? 'foreground' : 'background'}
          data-testid="toast"
          data-variant={t.variant ?? 'default'}
          className={`pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-8 shadow-lg ${
            destructive ? 'border-red-600 bg-red-600 text-white' : 'border-slate-200 bg-white text-slate-900'
          }`}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            {t.description && <ToastPrimitive.Description className="text-sm opacity-90">{t.description}</ToastPrimitive.Description>}
          </div>
          <ToastPrimitive.Close aria-label="Close" className="absolute right-2 top-2 rounded p-1 opacity-70 hover:opacity-100">
            <X className="h-4 w-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      <ToastPrimitive.Viewport className="fixed bottom-0 right-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
    </ToastPrimitive.Provider>
  );
}
