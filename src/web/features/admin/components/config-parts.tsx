import { ArrowDown, ArrowUp, Archive, ArchiveRestore } from 'lucide-react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Button, buttonClasses } from '@web/components/ui/button';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { setServerErrors } from '@web/lib/form-errors';

/** A refused change: its field messages under the form's fields, anything else the line under the form. */
export function showRefusal<T extends FieldValues>(setError: UseFormSetError<T>, err: Error, fields: ReadonlyArray<FieldPath<T>>): void {
  if (!setServerErrors(setError, err, fields)) setError('root.server', { message: err.message });
}

/** The three configuration screens, linked from each other and from Admin Settings. */
export function ConfigNav({ current }: { current: 'tiers' | 'channels' | 'church' }) {
  const links = [
    ['tiers', '/admin/tiers', 'Tiers'],
    ['channels', '/admin/channels', 'Channels'],
    ['church', '/admin/church', 'Church settings'],
  ] as const;
  return (
    <nav aria-label="Church configuration" className="mb-6 flex flex-wrap gap-2">
      <Link to="/admin/settings" className={buttonClasses('ghost', 'sm')}>
        Admin Settings
      </Link>
      {links.map(([key, to, label]) => (
        <Link
          key={key}
          to={to}
          aria-current={current === key ? 'page' : undefined}
          className={buttonClasses(current === key ? 'secondary' : 'ghost', 'sm')}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}

/** Move up / Move down, named for the row they move. */
export function MoveButtons({
  name,
  first,
  last,
  disabled,
  onMove,
}: {
  name: string;
  first: boolean;
  last: boolean;
  disabled: boolean;
  onMove: (by: -1 | 1) => void;
}) {
  return (
    <>
      <Button variant="ghost" size="icon" aria-label={`Move ${name} up`} disabled={disabled || first} onClick={() => onMove(-1)}>
        <ArrowUp className="h-4 w-4" aria-hidden />
      </Button>
      <Button variant="ghost" size="icon" aria-label={`Move ${name} down`} disabled={disabled || last} onClick={() => onMove(1)}>
        <ArrowDown className="h-4 w-4" aria-hidden />
      </Button>
    </>
  );
}

/** Archive (after a confirmation saying what it means) or restore right away. */
export function ArchiveButton({
  name,
  archived,
  consequence,
  disabled,
  onChange,
}: {
  name: string;
  archived: boolean;
  consequence: string;
  disabled: boolean;
  onChange: (archived: boolean) => void;
}) {
  if (archived) {
    return (
      <Button variant="outline" size="sm" disabled={disabled} onClick={() => onChange(false)} aria-label={`Restore ${name}`}>
        <ArchiveRestore className="h-4 w-4" aria-hidden />
        Restore
      </Button>
    );
  }
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" disabled={disabled} aria-label={`Archive ${name}`}>
          <Archive className="h-4 w-4" aria-hidden />
          Archive
        </Button>
      }
      title={`Archive ${name}?`}
      description={consequence}
      confirm="Archive"
      destructive
      onConfirm={() => onChange(true)}
    />
  );
}

/** The new order after moving `codes[index]` by one place. */
export function moved(codes: string[], index: number, by: -1 | 1): string[] {
  const next = [...codes];
  [next[index], next[index + by]] = [next[index + by], next[index]];
  return next;
}

export const CHECKBOX = 'h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-600';
