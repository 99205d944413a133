import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';

/** The question's words: the Sunday editors' by default (guide/sunday-planning.md#the-runways-dashboard). */
export const UNSAVED_MESSAGES = {
  title: 'You have unsaved changes!',
  body: 'Save them before you close, or discard them.',
  cancel: 'Cancel',
  discard: 'Discard Changes',
  saveAndClose: 'Save & Close',
  leave: 'Leave',
} as const;

export interface UnsavedGuardOptions {
  dirty: boolean;
  /** Save & Close: resolves true once saved (then the close goes on), false when it was not. */
  save?: () => Promise<boolean>;
  /** The question's own words; without `save` the confirm is `leave` and leaving drops the edits. */
  body?: ReactNode;
  leave?: string;
}

/**
 * The unsaved-changes guard of every form that holds edits (the Sunday editors, the new-request
 * form, the series form and the landing editor): closing with unsaved changes asks 'You have
 * unsaved changes!' through the one `ConfirmDialog`, with Cancel, Discard Changes and Save & Close
 * (or Cancel and Leave when the form has no save of its own); so do leaving the page through the
 * router and unloading the browser tab while dirty. `dialog` must be rendered by the caller.
 * `release()` lets the next navigation through without asking (a form that has just saved and
 * moves on in the same event, before it renders clean).
 */
export function useUnsavedGuard({ dirty, save, body, leave: leaveLabel }: UnsavedGuardOptions): {
  requestClose: (close: () => void) => void;
  release: () => void;
  dialog: ReactNode;
} {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const released = useRef(false);
  useEffect(() => {
    if (!dirty) released.current = false;
  }, [dirty]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !released.current && currentLocation.pathname !== nextLocation.pathname,
  );
  const blocked = blocker.state === 'blocked';
  // Set once the person chose to go on: the dialog's closing must not then take the step back.
  const left = useRef(false);
  useEffect(() => {
    if (blocked) left.current = false;
  }, [blocked]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      if (released.current) return;
      e.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const requestClose = useCallback(
    (close: () => void) => {
      left.current = false;
      if (!dirty || released.current) close();
      else setPending(() => close);
    },
    [dirty],
  );
  const release = useCallback(() => {
    released.current = true;
  }, []);

  const cancel = () => {
    setPending(null);
    if (!left.current && blocker.state === 'blocked') blocker.reset();
  };
  const goOn = () => {
    left.current = true;
    const close = pending;
    setPending(null);
    close?.();
    if (blocker.state === 'blocked') blocker.proceed();
  };

  const dialog = (
    <ConfirmDialog
      open={pending !== null || blocked}
      onOpenChange={(open) => !open && cancel()}
      title={UNSAVED_MESSAGES.title}
      description={body ?? UNSAVED_MESSAGES.body}
      cancel={UNSAVED_MESSAGES.cancel}
      {...(save
        ? {
            alternative: { label: UNSAVED_MESSAGES.discard, destructive: true, onSelect: goOn },
            confirm: UNSAVED_MESSAGES.saveAndClose,
            pendingLabel: 'Saving...',
            onConfirm: async () => {
              if (!(await save())) return false;
              goOn();
              return true;
            },
          }
        : { confirm: leaveLabel ?? UNSAVED_MESSAGES.leave, destructive: true, onConfirm: goOn })}
    />
  );
  return { requestClose, release, dialog };
}
