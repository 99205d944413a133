import { useState } from 'react';
import { ADMIN_USERS_MESSAGES as M, inviteUserBody, type AdminMinistry } from '@shared/api/admin-users';
import type { Role } from '@shared/domain/roles';
import { Button } from '@web/components/ui/button';
import { FieldError, Input, Label } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast-store';
import { ApiError } from '@web/lib/api';
import { useInviteUser } from '../api/invite-user';
import { fieldErrors, FormDialog, MinistrySelect, RoleSelect } from './users-form-fields';

/**
 * Invite User (guide/administration.md#users): full name, e-mail and role required, e-mail of e-mail format,
 * 'Email already in use.' under the field when the server finds the address taken.
 */
export function UsersInviteDialog({
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
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const [ministryId, setMinistryId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const invite = useInviteUser({
    onSuccess: () => {
      toast({ title: M.invited });
      onDone();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
      else toast({ title: err.message, variant: 'destructive' });
    },
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = inviteUserBody.safeParse({ fullName, email, role: role || undefined, ministryId });
    setErrors(fieldErrors(parsed.error));
    if (parsed.success) invite.mutate({ ...parsed.data });
  };
  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      <div>
        <Label htmlFor="invite-name">Full name</Label>
        <Input
          id="invite-name"
          value={fullName}
          onChange={(e) => setFullName(e.target.value)}
          aria-invalid={!!errors.fullName}
          aria-describedby={errors.fullName ? 'invite-name-error' : undefined}
          autoComplete="off"
        />
        <FieldError id="invite-name-error" message={errors.fullName} />
      </div>
      <div>
        <Label htmlFor="invite-email">Email</Label>
        <Input
          id="invite-email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={!!errors.email}
          aria-describedby={errors.email ? 'invite-email-error' : undefined}
          autoComplete="off"
        />
        <FieldError id="invite-email-error" message={errors.email} />
      </div>
      <RoleSelect id="invite-role" value={role} onChange={setRole} error={errors.role} />
      <MinistrySelect id="invite-ministry" value={ministryId} onChange={setMinistryId} ministries={ministries} error={errors.ministryId} />
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
