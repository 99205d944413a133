import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { accountNameBody } from '@shared/api/account-profile';
import { Button } from '@web/components/ui/button';
import { Input, Label } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast-store';
import { useUpdateName } from '../api/update-name';

/** The name on the Profile card, with a small edit in place ("/account: name"). */
export function NameField({ fullName }: { fullName: string }) {
  const update = useUpdateName();
  const [editing, setEditing] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(accountNameBody), defaultValues: { fullName }, shouldFocusError: false });
  const error = errors.fullName?.message;

  const onSubmit = handleSubmit((body) =>
    update.mutate(body.fullName, {
      onSuccess: () => {
        toast({ title: 'Name saved.' });
        setEditing(false);
      },
      onError: (err) => setError('fullName', { type: 'server', message: err.message }),
    }),
  );

  if (!editing) {
    return (
      <span className="flex flex-wrap items-center gap-3">
        <span className="font-medium text-slate-900">{fullName}</span>
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            reset({ fullName });
            setEditing(true);
          }}
          aria-label="Edit name"
        >
          Edit
        </Button>
      </span>
    );
  }
  return (
    <form onSubmit={onSubmit} className="space-y-1" noValidate>
      <Label htmlFor="account-full-name" className="sr-only">
        Name
      </Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id="account-full-name"
          className="max-w-xs"
          autoComplete="name"
          maxLength={200}
          aria-invalid={!!error}
          aria-describedby={error ? 'account-full-name-error' : undefined}
          {...register('fullName')}
        />
        <Button type="submit" size="sm" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={() => setEditing(false)} disabled={update.isPending}>
          Cancel
        </Button>
      </div>
      {error && (
        <p id="account-full-name-error" role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </form>
  );
}
