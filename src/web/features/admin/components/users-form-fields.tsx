import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, type Role } from '@shared/domain/roles';
import type { AdminMinistry } from '@shared/api/admin-users';
import { FieldError, Label } from '@web/components/ui/input';

export const SELECT =
  'block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-500';

/**
 * Role picker: every role, as the server allows an admin to grant any, each with what it may do:
 * the chosen role's description under the picker (its accessible description), every role's as the
 * option's tooltip.
 */
export function RoleSelect({ id, value, onChange, error }: { id: string; value: Role | ''; onChange: (r: Role) => void; error?: string }) {
  return (
    <div>
      <Label htmlFor={id}>Role</Label>
      <select
        id={id}
        className={SELECT}
        value={value}
        aria-invalid={!!error}
        aria-describedby={[`${id}-description`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
        onChange={(e) => onChange(e.target.value as Role)}
      >
        {value === '' && <option value="">Choose a role</option>}
        {ROLES.map((r) => (
          <option key={r} value={r} title={ROLE_DESCRIPTIONS[r]}>
            {ROLE_LABELS[r]}
          </option>
        ))}
      </select>
      <p id={`${id}-description`} className="mt-1 text-sm text-slate-600">
        {value ? ROLE_DESCRIPTIONS[value] : 'Choose a role to see what it may do.'}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** Ministry picker: active ministries, plus the current one if it was archived since. */
export function MinistrySelect({
  id,
  value,
  onChange,
  ministries,
  error,
}: {
  id: string;
  value: string;
  onChange: (id: string) => void;
  ministries: AdminMinistry[];
  error?: string;
}) {
  const offered = ministries.filter((m) => m.active || m.id === value);
  return (
    <div>
      <Label htmlFor={id}>Ministry</Label>
      <select
        id={id}
        className={SELECT}
        value={value}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">No ministry</option>
        {offered.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
            {m.active ? '' : ' (archived)'}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A modal dialog (Radix: focus trapped, Escape closes, focus returns to the opener). */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-[61] max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
