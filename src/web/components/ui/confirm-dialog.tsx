import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useRef, useState, type ReactNode } from 'react';
import { buttonClasses } from './button';

/**
 * The one yes/no question before a change that cannot simply be taken back. Focus stays inside
 * while it is open and goes back, when it closes, to what had it before (the button that asked);
 * Escape and Cancel close it and change nothing. `destructive` paints the confirm button red.
 * When `onConfirm` returns a promise (a mutation's `mutateAsync`), the dialog waits for it with
 * both buttons disabled, closes once it lands and, when it fails, stays open with its message;
 * otherwise it closes at once, and a promise that resolves to `false` keeps it open (the caller
 * has said why, as a failed save does). `pending` holds it the same way for a change the caller
 * tracks. `alternative` adds a third answer between Cancel and the confirm (the unsaved-changes
 * question's 'Discard Changes'): it closes the dialog and does its step.
 * Given a `trigger` (the button that asks), the dialog opens from it and keeps its own open state;
 * otherwise the caller opens it with `open` and hears it close through `onOpenChange`.
 */
export function ConfirmDialog({
  trigger,
  open: controlledOpen,
  title,
  description,
  confirm,
  cancel = 'Cancel',
  destructive = false,
  pending = false,
  pendingLabel,
  error,
  alternative,
  onConfirm,
  onOpenChange: onOpenChangeProp,
}: {
  trigger?: ReactNode;
  open?: boolean;
  title: string;
  description: ReactNode;
  confirm: string;
  cancel?: string;
  destructive?: boolean;
  pending?: boolean;
  /** The confirm button's words while pending ('Deleting...'); the confirm words otherwise. */
  pendingLabel?: string;
  /** Why the last try failed, shown in the dialog. */
  error?: string | null;
  alternative?: { label: string; destructive?: boolean; onSelect: () => void };
  onConfirm: () => void | Promise<unknown>;
  onOpenChange?: (open: boolean) => void;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlledOpen ?? ownOpen;
  const onOpenChange = (next: boolean) => {
    setOwnOpen(next);
    onOpenChangeProp?.(next);
  };
  const [waiting, setWaiting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = pending || waiting;
  const shownError = error ?? failure;
  const change = (next: boolean) => {
    if (busy && !next) return;
    if (!next) setFailure(null);
    onOpenChange(next);
  };
  const confirmNow = () => {
    setFailure(null);
    const result = onConfirm();
    if (!(result instanceof Promise)) {
      if (!pending) onOpenChange(false);
      return;
    }
    setWaiting(true);
    result.then(
      (answer) => {
        setWaiting(false);
        if (answer !== false) onOpenChange(false);
      },
      (err: unknown) => {
        setWaiting(false);
        setFailure(err instanceof Error ? err.message : 'Something went wrong. Try again.');
      },
    );
  };
  const returnTo = useRef<HTMLElement | null>(null);
  return (
    <AlertDialog.Root open={open} onOpenChange={change}>
      {trigger && <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/40" />
        <AlertDialog.Content
          data-testid="confirm-dialog"
          onOpenAutoFocus={() => {
            // Before focus moves in: what had it, to give it back on close.
            returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = returnTo.current;
            returnTo.current = null;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
          className="fixed left-1/2 top-1/2 z-[61] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl"
        >
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-2 space-y-2 text-sm text-slate-600">{description}</div>
          </AlertDialog.Description>
          {shownError && (
            <p role="alert" className="mt-3 text-sm text-red-700">
              {shownError}
            </p>
          )}
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className={buttonClasses('outline')} disabled={busy}>
              {cancel}
            </AlertDialog.Cancel>
            {alternative && (
              <button
                type="button"
                className={buttonClasses(alternative.destructive ? 'destructive' : 'outline')}
                disabled={busy}
                onClick={() => {
                  setFailure(null);
                  alternative.onSelect();
                  onOpenChange(false);
                }}
              >
                {alternative.label}
              </button>
            )}
            <button
              type="button"
              className={buttonClasses(destructive ? 'destructive' : 'primary')}
              disabled={busy}
              aria-busy={busy || undefined}
              onClick={confirmNow}
            >
              {busy ? (pendingLabel ?? confirm) : confirm}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
