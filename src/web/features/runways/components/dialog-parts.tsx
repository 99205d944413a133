import * as Dialog from '@radix-ui/react-dialog';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { Lock, LockOpen, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { SUNDAYS_MESSAGES, type SundayDetail } from '@shared/api/sundays';
import { Button } from '@web/components/ui/button';
import { useLockSunday } from '../api/lock-sunday';
import { useUnlockSunday } from '../api/unlock-sunday';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import type { SundayEditor } from './use-sunday-editor';
import { BlockoutConfirm } from '@web/features/people';

/** 'Sunday, November 29' (the runway cards' names) and 'November 29, 2026' (dialog titles). */
export const longDay = (date: string) => format(parseISO(date), 'EEEE, MMMM d');
export const fullDate = (date: string) => format(parseISO(date), 'MMMM d, yyyy');

/**
 * The frame of a Sunday editor: a Radix dialog (focus trapped) whose every way out (Escape, the
 * overlay, the close button, Cancel) goes through `onRequestClose`, so the unsaved guard decides.
 */
export function EditorShell(props: { title: string; description: string; onRequestClose: () => void; children: ReactNode }) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && props.onRequestClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/40" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 top-4 z-[61] mx-auto flex w-full max-w-5xl flex-col rounded-t-lg bg-white shadow-xl sm:inset-x-4 sm:top-8 sm:bottom-8 sm:rounded-lg">
          <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-6">
            <div>
              <Dialog.Title className="text-lg font-semibold text-slate-900">{props.title}</Dialog.Title>
              <Dialog.Description className="text-sm text-slate-600">{props.description}</Dialog.Description>
            </div>
            <Button variant="ghost" size="icon" aria-label="Close" onClick={props.onRequestClose}>
              <X className="h-5 w-5" aria-hidden />
            </Button>
          </div>
          {props.children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The lock line: who locked the Sunday, and the spec's sentence. */
export function LockNotice({ detail }: { detail: SundayDetail }) {
  if (!detail.lock.isLocked) return <LockHistory detail={detail} />;
  const when = detail.lock.lockedAt ? format(new Date(detail.lock.lockedAt), 'MMM d, h:mm a') : null;
  return (
    <div role="status" className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <div>
        <p className="font-medium">{SUNDAYS_MESSAGES.lockedNotice}</p>
        <p>
          Locked by {detail.lock.lockedBy ?? 'System'}
          {when ? ` on ${when}` : ''}.
        </p>
        <LockHistory detail={detail} />
      </div>
    </div>
  );
}

/** Who locked and unlocked this Sunday by hand, newest first (an unlock is always logged, decision 0055). */
function LockHistory({ detail }: { detail: SundayDetail }) {
  if (!detail.lockLog.some((e) => e.action === 'unlocked')) return null;
  return (
    <ul aria-label="Lock history" className="text-xs text-slate-600">
      {detail.lockLog.slice(0, 3).map((e) => (
        <li key={`${e.action}-${e.at}`}>
          {e.action === 'unlocked' ? 'Unlocked' : 'Locked'} by {e.by ?? 'System'} on {format(new Date(e.at), 'MMM d, h:mm a')}
        </li>
      ))}
    </ul>
  );
}

/** Unlock Sunday (admins, on a locked Sunday): confirmed first, logged with the Sunday. */
export function UnlockSundayButton({ detail }: { detail: SundayDetail }) {
  const [confirming, setConfirming] = useState(false);
  const unlock = useUnlockSunday(detail.sundayDate);
  if (!detail.canUnlock) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setConfirming(true)} disabled={unlock.isPending}>
        <LockOpen className="h-4 w-4" aria-hidden />
        {SUNDAYS_MESSAGES.unlockSunday}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={SUNDAYS_MESSAGES.unlockSunday}
        description={SUNDAYS_MESSAGES.unlockConfirm}
        confirm={SUNDAYS_MESSAGES.unlockSunday}
        onOpenChange={setConfirming}
        onConfirm={() => {
          unlock.mutate();
        }}
      />
    </>
  );
}

/** A stale save keeps the edits and offers a reload (after a confirm); a locked Sunday says so. */
export function ConflictBanner({ editor }: { editor: SundayEditor }) {
  const [confirming, setConfirming] = useState(false);
  if (!editor.conflict) return null;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      <p>{editor.conflict.message}</p>
      {editor.conflict.kind === 'blocked_out' && (
        // The server named a person blocked out that Sunday: asked once more, the save goes again as confirmed.
        <BlockoutConfirm message={editor.conflict.message} onCancel={() => editor.dismissConflict()} onConfirm={() => editor.save(true)} />
      )}
      {editor.conflict.kind === 'stale' && (
        <>
          <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
            {SUNDAYS_MESSAGES.reload}
          </Button>
          <ConfirmDialog
            open={confirming}
            title={SUNDAYS_MESSAGES.reload}
            description={SUNDAYS_MESSAGES.reloadConfirm}
            confirm={SUNDAYS_MESSAGES.reload}
            onOpenChange={setConfirming}
            onConfirm={() => {
              void editor.discard();
            }}
          />
        </>
      )}
    </div>
  );
}

/** Lock Sunday (admin or coordinator while not locked; the server's canLock): confirmed first; saved edits only. */
export function LockSundayButton({ detail, editor }: { detail: SundayDetail; editor: SundayEditor }) {
  const [confirming, setConfirming] = useState(false);
  const lock = useLockSunday(detail.sundayDate);
  if (!detail.canLock) return null;
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => setConfirming(true)}
        disabled={lock.isPending || editor.saving || editor.dirty}
        title={editor.dirty ? 'Save your changes before locking.' : undefined}
      >
        <Lock className="h-4 w-4" aria-hidden />
        {SUNDAYS_MESSAGES.lockSunday}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={SUNDAYS_MESSAGES.lockSunday}
        description={SUNDAYS_MESSAGES.lockConfirm}
        confirm={SUNDAYS_MESSAGES.lockSunday}
        onOpenChange={setConfirming}
        onConfirm={() => {
          lock.mutate();
        }}
      />
    </>
  );
}

/** A readiness as people read it: '75%', or 'Not planned' for a Sunday or runway with no task at all (never 100%). */
export const readinessText = (value: number | null) => (value === null ? SUNDAYS_MESSAGES.notPlanned : `${value}%`);

export function ReadinessBar({ value, label }: { value: number | null; label: string }) {
  const shown = value ?? 0;
  const colour = shown >= 70 ? 'bg-green-500' : shown >= 40 ? 'bg-amber-500' : 'bg-red-500';
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value ?? undefined}
      aria-valuetext={value === null ? SUNDAYS_MESSAGES.notPlanned : undefined}
      className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
    >
      {value !== null && <div className={`h-full ${colour}`} style={{ width: `${shown}%` }} />}
    </div>
  );
}

/** The editors' footer, always in sight whatever the scroll: the lock and what it means, Cancel, Lock Sunday, Save. */
export function EditorFooter(props: { detail: SundayDetail; editor: SundayEditor; saveLabel: string; onCancel: () => void }) {
  const { detail, editor, saveLabel, onCancel } = props;
  return (
    <div className="space-y-2 border-t border-slate-200 px-4 py-3 sm:px-6">
      <LockNotice detail={detail} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          {SUNDAYS_MESSAGES.cancel}
        </Button>
        <LockSundayButton detail={detail} editor={editor} />
        <UnlockSundayButton detail={detail} />
        <Button onClick={() => void editor.save()} disabled={editor.readOnly || editor.saving}>
          {saveLabel}
        </Button>
      </div>
    </div>
  );
}
