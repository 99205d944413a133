import { Controller, useFormContext } from 'react-hook-form';
import type { AdminMinistry, InviteUserInput, UpdateUserInput } from '@shared/api/admin-users';
import type { Role } from '@shared/domain/roles';
import { FieldError, Input, Label } from '@web/components/ui/input';
import { MinistrySelect, RoleSelect } from './users-form-fields';

/** The fields Invite User and Edit User share, as their forms hold them. */
type UserFieldValues = Pick<InviteUserInput & UpdateUserInput, 'fullName' | 'role' | 'ministryId'> & { email?: string };

/**
 * A person's name, e-mail, role and ministry in the form around them (react-hook-form's context):
 * the e-mail a field to type when `email` is 'typed' (Invite User), else shown and not editable.
 */
export function UserFields({
  idPrefix,
  email,
  ministries,
}: {
  idPrefix: 'invite' | 'edit';
  email: { typed: true } | { shown: string };
  ministries: AdminMinistry[];
}) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<UserFieldValues>();
  const id = (field: string) => `${idPrefix}-${field}`;
  return (
    <>
      <div>
        <Label htmlFor={id('name')}>Full name</Label>
        <Input
          id={id('name')}
          aria-invalid={!!errors.fullName}
          aria-describedby={errors.fullName ? `${id('name')}-error` : undefined}
          autoComplete="off"
          {...register('fullName')}
        />
        <FieldError id={`${id('name')}-error`} message={errors.fullName?.message} />
      </div>
      <div>
        <Label htmlFor={id('email')}>Email</Label>
        {'typed' in email ? (
          <>
            <Input
              id={id('email')}
              type="email"
              aria-invalid={!!errors.email}
              aria-describedby={errors.email ? `${id('email')}-error` : undefined}
              autoComplete="off"
              {...register('email')}
            />
            <FieldError id={`${id('email')}-error`} message={errors.email?.message} />
          </>
        ) : (
          <Input id={id('email')} value={email.shown} readOnly disabled />
        )}
      </div>
      <Controller
        control={control}
        name="role"
        render={({ field }) => (
          <RoleSelect
            id={id('role')}
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
            id={id('ministry')}
            value={String(field.value ?? '')}
            onChange={field.onChange}
            ministries={ministries}
            error={errors.ministryId?.message}
          />
        )}
      />
    </>
  );
}
