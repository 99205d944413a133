import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import {
  ADMIN_USERS_MESSAGES as M,
  inviteUserBody,
  type AdminMinistry,
  type InviteUserBody,
  type InviteUserInput,
} from '@shared/api/admin-users';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast-store';
import { ApiError } from '@web/lib/api';
import { useInviteUser } from '../api/invite-user';
import { setServerErrors } from '@web/lib/form-errors';
import { UserFields } from './user-fields';
import { FormDialog } from './users-form-fields';

/**
 * Invite User (guide/administration.md#users): full name, e-mail and role required, e-mail of e-mail format,
 * 'Email already in use.' under the field when the server finds the address taken.
 */
export default function UsersInviteDialog({
  open,
  onOpenChange,
  ministries,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  ministries: AdminMinistry[];
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={M.inviteUser}
      description="They receive an e-mail with a temporary password."
    >
      {open && <InviteForm ministries={ministries} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function InviteForm({ ministries, onDone }: { ministries: AdminMinistry[]; onDone: () => void }) {
  const form = useForm<InviteUserInput, unknown, InviteUserBody>({
    resolver: zodResolver(inviteUserBody),
    defaultValues: { fullName: '', email: '', ministryId: '' },
    shouldFocusError: false,
  });
  const { handleSubmit, setError } = form;
  const invite = useInviteUser({
    onSuccess: () => {
      toast({ title: M.invited });
      onDone();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.fields) setServerErrors(setError, err, ['fullName', 'email', 'role', 'ministryId']);
      else toast({ title: err.message, variant: 'destructive' });
    },
  });
  const submit = handleSubmit((body) => invite.mutate(body));
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <UserFields idPrefix="invite" email={{ typed: true }} ministries={ministries} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={invite.isPending}>
            {M.inviteUser}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
