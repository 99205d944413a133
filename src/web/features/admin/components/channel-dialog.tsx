import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import { channelCreateBody, type ChurchConfigResponse } from '@shared/api/church-config';
import { CONFIG_MESSAGES, type ChannelConfig } from '@shared/domain/church-config';
import { Button } from '@web/components/ui/button';
import { FieldError, Input, Label } from '@web/components/ui/input';
import { api } from '@web/lib/api';
import { useConfigChange } from '@web/lib/church-config';
import { CHECKBOX, showRefusal } from './config-parts';
import { FormDialog, SELECT } from './users-form-fields';

/** Add or edit a channel; the server checks it and answers with what is wrong, nothing saved. */
export function ChannelDialog({ channel, onClose }: { channel: ChannelConfig | 'new' | null; onClose: () => void }) {
  const existing = channel && channel !== 'new' ? channel : null;
  return (
    <FormDialog
      open={!!channel}
      onOpenChange={(o) => !o && onClose()}
      title={existing ? `Edit ${existing.label}` : 'Add Channel'}
      description="Items already made keep their channel, CMS queue setting, weeks and due dates."
    >
      {channel && <ChannelForm key={existing?.code ?? 'new'} channel={existing} onDone={onClose} />}
    </FormDialog>
  );
}

/**
 * The API's channel body; an empty lead time is no number, refused with the server's words. The rules
 * that need the church's data (a code taken, a whole number in range) the server checks and answers.
 */
const channelForm = channelCreateBody.extend({ leadTimeDays: z.number({ error: CONFIG_MESSAGES.leadTimeDays }) });
type ChannelFormOutput = z.output<typeof channelForm>;

const FIELDS = ['code', 'label', 'capacityPer', 'capacity', 'runWeeks', 'leadTimeDays'] as const;

/** Empty reads as none (unlimited, every week); anything else the rule checks as a whole number. */
const count = (v: string | number | null) => (typeof v !== 'string' ? v : v.trim() === '' ? null : Number(v));

function ChannelForm({ channel, onDone }: { channel: ChannelConfig | null; onDone: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<z.input<typeof channelForm>, unknown, ChannelFormOutput>({
    resolver: zodResolver(channelForm),
    defaultValues: {
      code: channel?.code ?? '',
      label: channel?.label ?? '',
      needsApproval: channel?.needsApproval ?? false,
      goesToCms: channel?.goesToCms ?? false,
      capacityPer: channel?.capacityPer ?? 'week',
      capacity: channel?.capacity ?? null,
      runWeeks: channel ? channel.runWeeks : 1,
      leadTimeDays: channel?.leadTimeDays ?? 14,
      archived: channel?.archived ?? false,
    },
    shouldFocusError: false,
  });
  const save = useConfigChange(
    (body: ChannelFormOutput) => {
      const { code, ...rest } = body;
      return channel
        ? api.put<ChurchConfigResponse>(`/api/admin/channels/${encodeURIComponent(channel.code)}`, rest)
        : api.post<ChurchConfigResponse>('/api/admin/channels', { code, ...rest });
    },
    { onSuccess: onDone, onError: (err) => showRefusal(setError, err, FIELDS) },
  );
  const submit = handleSubmit((body) => save.mutate(body));
  const perSunday = watch('capacityPer') === 'sunday';
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="mt-4 space-y-4">
      {!channel && (
        <div>
          <Label htmlFor="channel-code">Code</Label>
          <Input
            id="channel-code"
            placeholder="bulletin_insert"
            aria-invalid={!!errors.code}
            aria-describedby={errors.code ? 'channel-code-error' : undefined}
            {...register('code')}
          />
          <p className="mt-1 text-xs text-slate-500">Letters, digits or underscores; it cannot change later.</p>
          <FieldError id="channel-code-error" message={errors.code?.message} />
        </div>
      )}
      <div>
        <Label htmlFor="channel-label">Name</Label>
        <Input
          id="channel-label"
          aria-invalid={!!errors.label}
          aria-describedby={errors.label ? 'channel-label-error' : undefined}
          {...register('label')}
        />
        <FieldError id="channel-label-error" message={errors.label?.message} />
      </div>
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input type="checkbox" className={`${CHECKBOX} mt-0.5`} {...register('needsApproval')} />
        <span>An additional request for this channel always needs approval</span>
      </label>
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input type="checkbox" className={`${CHECKBOX} mt-0.5`} {...register('goesToCms')} />
        <span>Approved items go through the CMS queue</span>
      </label>
      <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
        <legend className="px-1 text-sm font-medium text-slate-800">Capacity and lead time</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <Label htmlFor="channel-capacity-per">Runs and is counted</Label>
            <select
              id="channel-capacity-per"
              className={SELECT}
              aria-invalid={!!errors.capacityPer}
              aria-describedby={errors.capacityPer ? 'channel-capacity-per-error' : undefined}
              {...register('capacityPer')}
            >
              <option value="sunday">Per Sunday</option>
              <option value="week">Per week</option>
            </select>
            <FieldError id="channel-capacity-per-error" message={errors.capacityPer?.message} />
          </div>
          <NumberField
            id="channel-capacity"
            label={perSunday ? 'Capacity per Sunday' : 'Capacity per week'}
            hint="Empty for unlimited."
            field={register('capacity', { setValueAs: count })}
            error={errors.capacity?.message}
          />
          <NumberField
            id="channel-run-weeks"
            label={perSunday ? 'Sundays an item runs' : 'Weeks an item runs'}
            hint="The last ones before the event; empty for every one of the promotion."
            field={register('runWeeks', { setValueAs: count })}
            error={errors.runWeeks?.message}
          />
          <NumberField
            id="channel-lead-days"
            label="Lead time (days)"
            hint="How long production takes: an item is due this long before its first run."
            field={register('leadTimeDays', { valueAsNumber: true })}
            error={errors.leadTimeDays?.message}
          />
        </div>
      </fieldset>
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

function NumberField(props: { id: string; label: string; hint: string; field: UseFormRegisterReturn; error?: string }) {
  const { id, error } = props;
  return (
    <div>
      <Label htmlFor={id}>{props.label}</Label>
      <Input
        id={id}
        type="number"
        min={0}
        inputMode="numeric"
        aria-invalid={!!error}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        {...props.field}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
        {props.hint}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
