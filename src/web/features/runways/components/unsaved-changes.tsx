import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { SUNDAYS_MESSAGES } from '@shared/api/sundays';
import { Button } from '@web/components/ui/button';

/**
 * The unsaved-changes guard of every Sunday editor (spec 002 section 2): closing with unsaved
 * changes asks 'You have unsaved changes!' with Cancel, Discard Changes and Save & Close; so do
 * leaving the page through the router and unloading the browser tab while dirty. `dialog` must be
 * rendered by the caller. Save & Close waits for `save()` and closes only when it returns true.
 */
export function useUnsavedGuard(opts: { dirty: boolean; save: () => Promise<boolean> }): {
  requestClose: (close: () => void) => void;
  dialog: ReactNode;
} {
  const { dirty, save } = opts;
  const [pending, setPending] = useState<(() => void) | null>(null);
  const [saving, setSaving] = useState(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  const blocked = blocker.state === 'blocked';

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const requestClose = useCallback(
    (close: () => void) => {
      if (!dirty) close();
      else setPending(() => close);
    },
    [dirty],
  );

  const cancel = () => {
    setPending(null);
    if (blocker.state === 'blocked') blocker.reset();
  };
  const leave = () => {
    const close = pending;
    setPending(null);
    close?.();
    if (blocker.state === 'blocked') blocker.proceed();
  };
  const saveAndClose = async () => {
    setSaving(true);
    try {
      if (await save()) leave();
    } finally {
      setSaving(false);
    }
  };

  const open = pending !== null || blocked;
  const dialog = (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && !saving && cancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[70] bg-slate-900/50" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-[71] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{SUNDAYS_MESSAGES.unsavedTitle}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600">{SUNDAYS_MESSAGES.unsavedBody}</AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="outline" disabled={saving}>
                {SUNDAYS_MESSAGES.cancel}
              </Button>
            </AlertDialog.Cancel>
            <Button variant="destructive" onClick={leave} disabled={saving}>
              {SUNDAYS_MESSAGES.discardChanges}
            </Button>
            <Button onClick={() => void saveAndClose()} disabled={saving}>
              {SUNDAYS_MESSAGES.saveAndClose}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
  return { requestClose, dialog };
}

/** A yes/no question before an action (Lock Sunday, Reload), focus trapped like every dialog. */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <AlertDialog.Root open={props.open} onOpenChange={(next) => !next && props.onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[70] bg-slate-900/50" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-[71] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{props.title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600">{props.description}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">{SUNDAYS_MESSAGES.cancel}</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button onClick={props.onConfirm}>{props.confirmLabel}</Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
