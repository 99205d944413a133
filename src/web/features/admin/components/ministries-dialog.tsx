import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import {
  ADMIN_USERS_MESSAGES as M,
  saveMinistryBody,
  type AdminMinistry,
  type SaveMinistryBody,
  type SaveMinistryInput,
} from '@shared/api/admin-users';
import { Button } from '@web/components/ui/button';
import { FieldError, Input, Label } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast-store';
import { ApiError } from '@web/lib/api';
import { useChurchConfig } from '@web/lib/church-config';
import { useSaveMinistry } from '../api/admin-ministries';
import { setServerErrors } from '@web/lib/form-errors';
import { FormDialog, SELECT } from './users-form-fields';

/** Create or edit a ministry: name required; its default tier one of the church's tiers (C by default). */
export default function MinistriesDialog({ ministry, onClose }: { ministry: AdminMinistry | 'new' | null; onClose: () => void }) {
  const existing = ministry && ministry !== 'new' ? ministry : null;
  return (
    <FormDialog
      open={!!ministry}
      onOpenChange={(o) => !o && onClose()}
      title={existing ? 'Edit Ministry' : 'Add Ministry'}
      description="The default tier is preselected on this ministry's new requests."
    >
      {ministry && <MinistryForm key={existing?.id ?? 'new'} ministry={existing} onDone={onClose} />}
    </FormDialog>
  );
}

function MinistryForm({ ministry, onDone }: { ministry: AdminMinistry | null; onDone: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<SaveMinistryInput, unknown, SaveMinistryBody>({
    resolver: zodResolver(saveMinistryBody),
    defaultValues: { name: ministry?.name ?? '', defaultTier: ministry?.defaultTier ?? 'C' },
    shouldFocusError: false,
  });
  const config = useChurchConfig();
  // The church's tiers on offer, and the ministry's own even if archived since.
  const tiers = (config.data?.tiers ?? []).filter((t) => !t.archived || t.code === ministry?.defaultTier);
  const save = useSaveMinistry({
    onSuccess: onDone,
    onError: (err) => {
      if (err instanceof ApiError && err.fields) setServerErrors(setError, err, ['name', 'defaultTier']);
      toast({ title: M.ministrySaveFailed, description: err.message, variant: 'destructive' });
    },
  });
  const submit = handleSubmit((body) => save.mutate({ id: ministry?.id, ...body }));
  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      <div>
        <Label htmlFor="ministry-name">Name</Label>
        <Input
          id="ministry-name"
          aria-invalid={!!errors.name}
          aria-describedby={errors.name ? 'ministry-name-error' : undefined}
          {...register('name')}
        />
        <FieldError id="ministry-name-error" message={errors.name?.message} />
      </div>
      <div>
        <Label htmlFor="ministry-tier">Default tier</Label>
        <Controller
          control={control}
          name="defaultTier"
          render={({ field }) => (
            // Controlled: the tiers may arrive after the form opens, and the choice must survive them.
            <select
              id="ministry-tier"
              className={SELECT}
              aria-invalid={!!errors.defaultTier}
              aria-describedby={errors.defaultTier ? 'ministry-tier-error' : undefined}
              {...field}
              value={field.value ?? ''}
            >
              {tiers.length === 0 && <option value={field.value ?? ''}>{field.value}</option>}
              {tiers.map((t) => (
                <option key={t.code} value={t.code}>
                  {t.code}: {t.name}
                </option>
              ))}
            </select>
          )}
        />
        <FieldError id="ministry-tier-error" message={errors.defaultTier?.message} />
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
