import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { TOAST_DEFAULT_DURATION_MS } from '@shared/domain/constants';
import { dismissToast, useToastState } from './toast-store';

export { dismissToast, toast, type ToastInput } from './toast-store';

/** The toast on screen (state in toast-store.ts); main.tsx mounts it through lazy-toaster.tsx. */
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
          {t.action && (
            <ToastPrimitive.Action
              altText={t.action.label}
              onClick={t.action.onClick}
              className={`ml-auto shrink-0 self-center rounded-md border px-3 py-1.5 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 ${
                destructive
                  ? 'border-white/60 hover:bg-white/10 focus-visible:ring-white'
                  : 'border-slate-300 hover:bg-slate-100 focus-visible:ring-slate-500'
              }`}
            >
              {t.action.label}
            </ToastPrimitive.Action>
          )}
          <ToastPrimitive.Close aria-label="Close" className="absolute right-2 top-2 rounded p-1 opacity-70 hover:opacity-100">
            <X className="h-4 w-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      <ToastPrimitive.Viewport className="fixed bottom-0 right-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
    </ToastPrimitive.Provider>
  );
}
