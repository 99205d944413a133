import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { Button } from '@web/components/ui/button';

export const UNSAVED_MESSAGES = {
  title: 'You have unsaved changes!',
  description: 'Save them before you leave, or discard them.',
  cancel: 'Cancel',
  discard: 'Discard Changes',
  saveAndClose: 'Save & Close',
} as const;

/**
 * Closing an editor with unsaved changes (spec 002 section 2): closes at once when clean; else asks
 * 'You have unsaved changes!' with Cancel, Discard Changes and Save & Close (which closes only
 * when the save worked). While dirty it also holds in-app navigation (react-router's blocker) and
 * asks the browser to confirm leaving the page.
 */
export function useUnsavedGuard(opts: { dirty: boolean; save: () => Promise<boolean> }): {
  requestClose: (close: () => void) => void;
  dialog: ReactNode;
} {
  const { dirty, save } = opts;
  const [pendingClose, setPendingClose] = useState<(() => void) | null>(null);
  const [saving, setSaving] = useState(false);
  const blocker = useBlocker(dirty);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers need returnValue set to show their own question.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const requestClose = useCallback(
    (close: () => void) => {
      if (!dirty) close();
      else setPendingClose(() => close);
    },
    [dirty],
  );

  const navigating = blocker.state === 'blocked';
  const open = pendingClose !== null || navigating;

  const cancel = () => {
    if (navigating) blocker.reset();
    setPendingClose(null);
  };
  const leave = () => {
    const close = pendingClose;
    setPendingClose(null);
    if (navigating) blocker.proceed();
    else close?.();
  };
  const saveAndClose = async () => {
    setSaving(true);
    try {
      if (await save()) leave();
    } finally {
      setSaving(false);
    }
  };

  const dialog = (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && cancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[70] bg-slate-900/40" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-[71] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{UNSAVED_MESSAGES.title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600">{UNSAVED_MESSAGES.description}</AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">{UNSAVED_MESSAGES.cancel}</Button>
            </AlertDialog.Cancel>
            <Button variant="destructive" onClick={leave} disabled={saving}>
              {UNSAVED_MESSAGES.discard}
            </Button>
            <Button onClick={() => void saveAndClose()} disabled={saving}>
              {UNSAVED_MESSAGES.saveAndClose}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );

  return { requestClose, dialog };
}
