import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { tierCreateBody, type ChurchConfigResponse } from '@shared/api/church-config';
import { CONFIG_MESSAGES, type TierConfig } from '@shared/domain/church-config';
import { Button } from '@web/components/ui/button';
import { FieldError, Input, Label, Textarea } from '@web/components/ui/input';
import { api } from '@web/lib/api';
import { useConfigChange } from '@web/lib/church-config';
import { FormDialog } from './users-form-fields';
import { CHECKBOX, showRefusal } from './config-parts';

interface Props {
  tier: TierConfig | 'new' | null;
  config: ChurchConfigResponse;
  onClose: () => void;
}

/** Add or edit a tier; the server checks every field and answers with what is wrong, nothing saved. */
export function TierDialog({ tier, config, onClose }: Props) {
  const existing = tier && tier !== 'new' ? tier : null;
  return (
    <FormDialog
      open={!!tier}
      onOpenChange={(o) => !o && onClose()}
      title={existing ? `Edit ${existing.name}` : 'Add Tier'}
      description="Requests already made keep the tier, channels and lead time they were submitted with."
    >
      {tier && <TierForm key={existing?.code ?? 'new'} tier={existing} config={config} onDone={onClose} />}
    </FormDialog>
  );
}

/**
 * The API's tier body; an empty lead time is no number, refused with the server's words. The rules
 * that need the church's data (a code taken, a whole number in range) the server checks and answers.
 */
const tierForm = tierCreateBody.extend({ leadTimeDays: z.number({ error: CONFIG_MESSAGES.leadTimeDays }) });
type TierFormOutput = z.output<typeof tierForm>;

const FIELDS = ['code', 'name', 'examples', 'description', 'leadTimeDays', 'leadTimeLabel', 'channels'] as const;

function TierForm({ tier, config, onDone }: { tier: TierConfig | null; config: ChurchConfigResponse; onDone: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    control,
    watch,
    formState: { errors },
  } = useForm<z.input<typeof tierForm>, unknown, TierFormOutput>({
    resolver: zodResolver(tierForm),
    defaultValues: {
      code: tier?.code ?? '',
      name: tier?.name ?? '',
      examples: tier?.examples ?? '',
      description: tier?.description ?? '',
      leadTimeDays: tier?.leadTimeDays ?? 14,
      leadTimeLabel: tier?.leadTimeLabel ?? '',
      channels: tier?.channels ?? [],
      extrasPreapproved: tier?.extrasPreapproved ?? false,
      archived: tier?.archived ?? false,
    },
    shouldFocusError: false,
  });
  const save = useConfigChange(
    (body: TierFormOutput) => {
      const { code, ...rest } = body;
      return tier
        ? api.put<ChurchConfigResponse>(`/api/admin/tiers/${encodeURIComponent(tier.code)}`, rest)
        : api.post<ChurchConfigResponse>('/api/admin/tiers', body);
    },
    { onSuccess: onDone, onError: (err) => showRefusal(setError, err, FIELDS) },
  );
  const chosen = watch('channels') ?? [];
  // Offered channels, and any archived one the tier still includes (so saving keeps it).
  const choices = config.channels.filter((c) => !c.archived || chosen.includes(c.code));
  const submit = handleSubmit((body) => {
    // The channels in the church's order, as the list shows them.
    save.mutate({ ...body, channels: choices.map((c) => c.code).filter((c) => body.channels.includes(c)) });
  });
  const field = (id: string, key: (typeof FIELDS)[number]) => ({
    id,
    'aria-invalid': !!errors[key],
    'aria-describedby': errors[key] ? `${id}-error` : undefined,
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="mt-4 space-y-4">
      {!tier && (
        <div>
          <Label htmlFor="tier-code">Code</Label>
          <Input {...field('tier-code', 'code')} {...register('code')} placeholder="E" />
          <p className="mt-1 text-xs text-slate-500">Letters, digits or underscores; it cannot change later.</p>
          <FieldError id="tier-code-error" message={errors.code?.message} />
        </div>
      )}
      <div>
        <Label htmlFor="tier-name">Name</Label>
        <Input {...field('tier-name', 'name')} {...register('name')} />
        <FieldError id="tier-name-error" message={errors.name?.message} />
      </div>
      <div>
        <Label htmlFor="tier-examples">Examples</Label>
        <Input {...field('tier-examples', 'examples')} {...register('examples')} />
        <FieldError id="tier-examples-error" message={errors.examples?.message} />
      </div>
      <div>
        <Label htmlFor="tier-description">Description</Label>
        <Textarea {...field('tier-description', 'description')} rows={3} {...register('description')} />
        <FieldError id="tier-description-error" message={errors.description?.message} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor="tier-lead-days">Lead time (days)</Label>
          <Input
            {...field('tier-lead-days', 'leadTimeDays')}
            type="number"
            min={0}
            inputMode="numeric"
            {...register('leadTimeDays', { valueAsNumber: true })}
          />
          <FieldError id="tier-lead-days-error" message={errors.leadTimeDays?.message} />
        </div>
        <div>
          <Label htmlFor="tier-lead-label">Lead time in words (optional)</Label>
          <Input {...field('tier-lead-label', 'leadTimeLabel')} placeholder="4-6 weeks" {...register('leadTimeLabel')} />
          <FieldError id="tier-lead-label-error" message={errors.leadTimeLabel?.message} />
        </div>
      </div>
      <Controller
        control={control}
        name="channels"
        render={({ field: { value = [], onChange } }) => (
          <fieldset aria-describedby={errors.channels ? 'tier-channels-error' : undefined}>
            <legend className="text-sm font-medium text-slate-700">Included channels</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {choices.map((c) => (
                <label key={c.code} className="flex items-center gap-2 text-sm text-slate-700">
                  <input
                    type="checkbox"
                    className={CHECKBOX}
                    checked={value.includes(c.code)}
                    onChange={(e) => onChange(e.target.checked ? [...value, c.code] : value.filter((x) => x !== c.code))}
                  />
                  {c.label}
                  {c.archived ? ' (archived)' : ''}
                </label>
              ))}
            </div>
            <FieldError id="tier-channels-error" message={errors.channels?.message} />
          </fieldset>
        )}
      />
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input type="checkbox" className={`${CHECKBOX} mt-0.5`} {...register('extrasPreapproved')} />
        <span>Additional channels are approved without review (except channels that always need approval)</span>
      </label>
      {errors.root?.server && (
        <p role="alert" className="text-sm text-red-700">
          {errors.root.server.message}
        </p>
      )}
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
