import { useState } from 'react';
import type { ChurchConfigResponse } from '@shared/api/church-config';
import type { TierConfig } from '@shared/domain/church-config';
import { Button } from '@web/components/ui/button';
import { FieldError, Input, Label, Textarea } from '@web/components/ui/input';
import { api } from '@web/lib/api';
import { useConfigChange } from '@web/lib/church-config';
import { FormDialog } from './users-form-fields';
import { CHECKBOX } from './config-parts';

interface Props {
  tier: TierConfig | 'new' | null;
  config: ChurchConfigResponse;
  onClose: () => void;
  errorsOf: (err: Error) => Record<string, string>;
}

/** Add or edit a tier; the server checks every field and answers with what is wrong, nothing saved. */
export function TierDialog({ tier, config, onClose, errorsOf }: Props) {
  const existing = tier && tier !== 'new' ? tier : null;
  return (
    <FormDialog
      open={!!tier}
      onOpenChange={(o) => !o && onClose()}
      title={existing ? `Edit ${existing.name}` : 'Add Tier'}
      description="Requests already made keep the tier, channels and lead time they were submitted with."
    >
      {tier && <TierForm key={existing?.code ?? 'new'} tier={existing} config={config} onDone={onClose} errorsOf={errorsOf} />}
    </FormDialog>
  );
}

function TierForm({
  tier,
  config,
  onDone,
  errorsOf,
}: {
  tier: TierConfig | null;
  config: ChurchConfigResponse;
  onDone: () => void;
  errorsOf: Props['errorsOf'];
}) {
  const [code, setCode] = useState(tier?.code ?? '');
  const [name, setName] = useState(tier?.name ?? '');
  const [examples, setExamples] = useState(tier?.examples ?? '');
  const [description, setDescription] = useState(tier?.description ?? '');
  const [leadTimeDays, setLeadTimeDays] = useState(String(tier?.leadTimeDays ?? 14));
  const [leadTimeLabel, setLeadTimeLabel] = useState(tier?.leadTimeLabel ?? '');
  const [channels, setChannels] = useState<string[]>(tier?.channels ?? []);
  const [extrasPreapproved, setExtrasPreapproved] = useState(tier?.extrasPreapproved ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useConfigChange(
    (body: object) =>
      tier
        ? api.put<ChurchConfigResponse>(`/api/admin/tiers/${encodeURIComponent(tier.code)}`, body)
        : api.post<ChurchConfigResponse>('/api/admin/tiers', body),
    { onSuccess: onDone, onError: (err) => setErrors(errorsOf(err)) },
  );
  // Offered channels, and any archived one the tier still includes (so saving keeps it).
  const choices = config.channels.filter((c) => !c.archived || channels.includes(c.code));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const days = leadTimeDays.trim() === '' ? NaN : Number(leadTimeDays);
    const ordered = choices.map((c) => c.code).filter((c) => channels.includes(c));
    const body = {
      name,
      examples,
      description,
      leadTimeDays: days,
      leadTimeLabel,
      channels: ordered,
      extrasPreapproved,
      archived: tier?.archived ?? false,
    };
    setErrors({});
    save.mutate(tier ? body : { code, ...body });
  };
  const field = (id: string, key: string) => ({
    id,
    'aria-invalid': !!errors[key],
    'aria-describedby': errors[key] ? `${id}-error` : undefined,
  });
  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      {!tier && (
        <div>
          <Label htmlFor="tier-code">Code</Label>
          <Input {...field('tier-code', 'code')} value={code} onChange={(e) => setCode(e.target.value)} placeholder="E" />
          <p className="mt-1 text-xs text-slate-500">Letters, digits or underscores; it cannot change later.</p>
          <FieldError id="tier-code-error" message={errors.code} />
        </div>
      )}
      <div>
        <Label htmlFor="tier-name">Name</Label>
        <Input {...field('tier-name', 'name')} value={name} onChange={(e) => setName(e.target.value)} />
        <FieldError id="tier-name-error" message={errors.name} />
      </div>
      <div>
        <Label htmlFor="tier-examples">Examples</Label>
        <Input {...field('tier-examples', 'examples')} value={examples} onChange={(e) => setExamples(e.target.value)} />
        <FieldError id="tier-examples-error" message={errors.examples} />
      </div>
      <div>
        <Label htmlFor="tier-description">Description</Label>
        <Textarea
          {...field('tier-description', 'description')}
          rows={3}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <FieldError id="tier-description-error" message={errors.description} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor="tier-lead-days">Lead time (days)</Label>
          <Input
            {...field('tier-lead-days', 'leadTimeDays')}
            type="number"
            min={0}
            inputMode="numeric"
            value={leadTimeDays}
            onChange={(e) => setLeadTimeDays(e.target.value)}
          />
          <FieldError id="tier-lead-days-error" message={errors.leadTimeDays} />
        </div>
        <div>
          <Label htmlFor="tier-lead-label">Lead time in words (optional)</Label>
          <Input
            {...field('tier-lead-label', 'leadTimeLabel')}
            value={leadTimeLabel}
            placeholder="4-6 weeks"
            onChange={(e) => setLeadTimeLabel(e.target.value)}
          />
          <FieldError id="tier-lead-label-error" message={errors.leadTimeLabel} />
        </div>
      </div>
      <fieldset aria-describedby={errors.channels ? 'tier-channels-error' : undefined}>
        <legend className="text-sm font-medium text-slate-700">Included channels</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {choices.map((c) => (
            <label key={c.code} className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                className={CHECKBOX}
                checked={channels.includes(c.code)}
                onChange={(e) => setChannels((now) => (e.target.checked ? [...now, c.code] : now.filter((x) => x !== c.code)))}
              />
              {c.label}
              {c.archived ? ' (archived)' : ''}
            </label>
          ))}
        </div>
        <FieldError id="tier-channels-error" message={errors.channels} />
      </fieldset>
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className={`${CHECKBOX} mt-0.5`}
          checked={extrasPreapproved}
          onChange={(e) => setExtrasPreapproved(e.target.checked)}
        />
        <span>Additional channels are approved without review (except channels that always need approval)</span>
      </label>
      {errors.form && (
        <p role="alert" className="text-sm text-red-700">
          {errors.form}
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
