import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import {
  ADMIN_USERS_MESSAGES as M,
  inviteUserBody,
  type AdminMinistry,
  type InviteUserBody,
  type InviteUserInput,
} from '@shared/api/admin-users';
import type { Role } from '@shared/domain/roles';
import { Button } from '@web/components/ui/button';
import { FieldError, Input, Label } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast-store';
import { ApiError } from '@web/lib/api';
import { useInviteUser } from '../api/invite-user';
import { setServerErrors } from '@web/lib/form-errors';
import { FormDialog, MinistrySelect, RoleSelect } from './users-form-fields';

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
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<InviteUserInput, unknown, InviteUserBody>({
    resolver: zodResolver(inviteUserBody),
    defaultValues: { fullName: '', email: '', ministryId: '' },
    shouldFocusError: false,
  });
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
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      <div>
        <Label htmlFor="invite-name">Full name</Label>
        <Input
          id="invite-name"
          aria-invalid={!!errors.fullName}
          aria-describedby={errors.fullName ? 'invite-name-error' : undefined}
          autoComplete="off"
          {...register('fullName')}
        />
        <FieldError id="invite-name-error" message={errors.fullName?.message} />
      </div>
      <div>
        <Label htmlFor="invite-email">Email</Label>
        <Input
          id="invite-email"
          type="email"
          aria-invalid={!!errors.email}
          aria-describedby={errors.email ? 'invite-email-error' : undefined}
          autoComplete="off"
          {...register('email')}
        />
        <FieldError id="invite-email-error" message={errors.email?.message} />
      </div>
      <Controller
        control={control}
        name="role"
        render={({ field }) => (
          <RoleSelect
            id="invite-role"
            value={(field.value as Role | undefined) ?? ''}
            onChange={field.onChange}
            error={errors.role?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="ministryId"
        render={({ field }) => (
          <MinistrySelect
            id="invite-ministry"
            value={String(field.value ?? '')}
            onChange={field.onChange}
            ministries={ministries}
            error={errors.ministryId?.message}
          />
        )}
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={invite.isPending}>
          {M.inviteUser}
        </Button>
      </div>
    </form>
  );
}
