import { useEffect, useRef, useState } from 'react';
import { ADMIN_USERS_MESSAGES as M, updateUserBody, type AdminMinistry, type AdminUser } from '@shared/api/admin-users';
import type { Role } from '@shared/domain/roles';
import { Button } from '@web/components/ui/button';
import { FieldError, Input, Label } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast-store';
import { ApiError } from '@web/lib/api';
import { useUpdateUser } from '../api/update-user';
import { fieldErrors, FormDialog, MinistrySelect, RoleSelect } from './users-form-fields';

type Edit = { fullName: string; role: Role; ministryId: string | null };

/**
 * Edit User (guide/administration.md#users): name, role and ministry; the e-mail is shown, not editable.
 * Removing admin from another admin asks 'Confirm Role Change' first; the server refuses to remove
 * the last administrator ('Cannot remove the last administrator.' under the role).
 */
export function UsersEditDialog({
  user,
  onClose,
  ministries,
}: {
  user: AdminUser | null;
  onClose: () => void;
  ministries: AdminMinistry[];
}) {
  return (
    <FormDialog open={!!user} onOpenChange={(o) => !o && onClose()} title={M.editUser} description={user ? user.email : ''}>
      {user && <EditForm key={user.id} user={user} ministries={ministries} onDone={onClose} />}
    </FormDialog>
  );
}

function EditForm({ user, ministries, onDone }: { user: AdminUser; ministries: AdminMinistry[]; onDone: () => void }) {
  const [fullName, setFullName] = useState(user.fullName);
  const [role, setRole] = useState<Role>(user.role);
  const [ministryId, setMinistryId] = useState(user.ministryId ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState<Edit | null>(null);
  const cancelConfirm = useRef<HTMLButtonElement>(null);
  // The form is replaced by the question: focus moves to it, not to the page behind.
  useEffect(() => {
    if (confirming) cancelConfirm.current?.focus();
  }, [confirming]);
  const update = useUpdateUser({
    onSuccess: () => {
      toast({ title: M.updated });
      onDone();
    },
    onError: (err) => {
      setConfirming(null);
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
      else toast({ title: err.message, variant: 'destructive' });
    },
  });
  const save = (edit: Edit) => update.mutate({ id: user.id, ...edit });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = updateUserBody.safeParse({ fullName, role, ministryId });
    setErrors(fieldErrors(parsed.error));
    if (!parsed.success) return;
    const removesAdmin = user.role === 'admin' && parsed.data.role !== 'admin' && !user.isYou;
    if (removesAdmin) setConfirming(parsed.data);
    else save(parsed.data);
  };
  if (confirming) {
    return (
      <div className="mt-4 space-y-4" role="alertdialog" aria-labelledby="confirm-role-title" aria-describedby="confirm-role-text">
        <h3 id="confirm-role-title" className="text-base font-semibold text-slate-900">
          {M.confirmRoleChangeTitle}
        </h3>
        <p id="confirm-role-text" className="text-sm text-slate-700">
          {M.confirmRoleChange}
        </p>
        <div className="flex justify-end gap-2">
          <Button ref={cancelConfirm} type="button" variant="outline" onClick={() => setConfirming(null)}>
            Cancel
          </Button>
          <Button type="button" variant="destructive" disabled={update.isPending} onClick={() => save(confirming)}>
            Continue
          </Button>
        </div>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      <div>
        <Label htmlFor="edit-name">Full name</Label>
        <Input
          id="edit-name"
          value={fullName}
          onChange={(e) => setFullName(e.target.value)}
          aria-invalid={!!errors.fullName}
          aria-describedby={errors.fullName ? 'edit-name-error' : undefined}
        />
        <FieldError id="edit-name-error" message={errors.fullName} />
      </div>
      <div>
        <Label htmlFor="edit-email">Email</Label>
        <Input id="edit-email" value={user.email} readOnly disabled />
      </div>
      <RoleSelect id="edit-role" value={role} onChange={setRole} error={errors.role} />
      <MinistrySelect id="edit-ministry" value={ministryId} onChange={setMinistryId} ministries={ministries} error={errors.ministryId} />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          Save Changes
        </Button>
      </div>
    </form>
  );
}
