import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import {
  ADMIN_USERS_MESSAGES as M,
  updateUserBody,
  type AdminMinistry,
  type AdminUser,
  type UpdateUserBody,
  type UpdateUserInput,
} from '@shared/api/admin-users';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast-store';
import { ApiError } from '@web/lib/api';
import { useUpdateUser } from '../api/update-user';
import { setServerErrors } from '@web/lib/form-errors';
import { UserFields } from './user-fields';
import { FormDialog } from './users-form-fields';

/**
 * Edit User (guide/administration.md#users): name, role and ministry; the e-mail is shown, not editable.
 * Removing admin from another admin asks 'Confirm Role Change' first; the server refuses to remove
 * the last administrator ('Cannot remove the last administrator.' under the role).
 */
export default function UsersEditDialog({
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
  const form = useForm<UpdateUserInput, unknown, UpdateUserBody>({
    resolver: zodResolver(updateUserBody),
    defaultValues: { fullName: user.fullName, role: user.role, ministryId: user.ministryId ?? '' },
    shouldFocusError: false,
  });
  const { handleSubmit, setError } = form;
  const [confirming, setConfirming] = useState<UpdateUserBody | null>(null);
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
      if (err instanceof ApiError && err.fields) setServerErrors(setError, err, ['fullName', 'role', 'ministryId']);
      else toast({ title: err.message, variant: 'destructive' });
    },
  });
  const save = (edit: UpdateUserBody) => update.mutate({ id: user.id, ...edit });
  const submit = handleSubmit((edit) => {
    const removesAdmin = user.role === 'admin' && edit.role !== 'admin' && !user.isYou;
    if (removesAdmin) setConfirming(edit);
    else save(edit);
  });
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
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <UserFields idPrefix="edit" email={{ shown: user.email }} ministries={ministries} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={update.isPending}>
            Save Changes
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
