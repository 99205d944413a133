import { useState } from 'react';
import type { ChurchConfigResponse } from '@shared/api/church-config';
import type { ChannelConfig } from '@shared/domain/church-config';
import { Button } from '@web/components/ui/button';
import { FieldError, Input, Label } from '@web/components/ui/input';
import { api } from '@web/lib/api';
import { useConfigChange } from '@web/lib/church-config';
import { CHECKBOX, errorsOf } from './config-parts';
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

function ChannelForm({ channel, onDone }: { channel: ChannelConfig | null; onDone: () => void }) {
  const [code, setCode] = useState(channel?.code ?? '');
  const [label, setLabel] = useState(channel?.label ?? '');
  const [needsApproval, setNeedsApproval] = useState(channel?.needsApproval ?? false);
  const [goesToCms, setGoesToCms] = useState(channel?.goesToCms ?? false);
  const [capacityPer, setCapacityPer] = useState<string>(channel?.capacityPer ?? 'week');
  const [capacity, setCapacity] = useState(channel?.capacity == null ? '' : String(channel.capacity));
  const [runWeeks, setRunWeeks] = useState(channel ? (channel.runWeeks == null ? '' : String(channel.runWeeks)) : '1');
  const [leadTimeDays, setLeadTimeDays] = useState(String(channel?.leadTimeDays ?? 14));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useConfigChange(
    (body: object) =>
      channel
        ? api.put<ChurchConfigResponse>(`/api/admin/channels/${encodeURIComponent(channel.code)}`, body)
        : api.post<ChurchConfigResponse>('/api/admin/channels', body),
    { onSuccess: onDone, onError: (err) => setErrors(errorsOf(err)) },
  );
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setErrors({});
    // Empty reads as none (unlimited, every week); anything else the server checks as a whole number.
    const count = (v: string) => (v.trim() === '' ? null : Number(v));
    const body = {
      label,
      needsApproval,
      goesToCms,
      capacityPer,
      capacity: count(capacity),
      runWeeks: count(runWeeks),
      leadTimeDays: leadTimeDays.trim() === '' ? NaN : Number(leadTimeDays),
      archived: channel?.archived ?? false,
    };
    save.mutate(channel ? body : { code, ...body });
  };
  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      {!channel && (
        <div>
          <Label htmlFor="channel-code">Code</Label>
          <Input
            id="channel-code"
            value={code}
            placeholder="bulletin_insert"
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={!!errors.code}
            aria-describedby={errors.code ? 'channel-code-error' : undefined}
          />
          <p className="mt-1 text-xs text-slate-500">Letters, digits or underscores; it cannot change later.</p>
          <FieldError id="channel-code-error" message={errors.code} />
        </div>
      )}
      <div>
        <Label htmlFor="channel-label">Name</Label>
        <Input
          id="channel-label"
          value={label}
          onChange={(e) => setLabel(e.target.value)}
          aria-invalid={!!errors.label}
          aria-describedby={errors.label ? 'channel-label-error' : undefined}
        />
        <FieldError id="channel-label-error" message={errors.label} />
      </div>
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className={`${CHECKBOX} mt-0.5`}
          checked={needsApproval}
          onChange={(e) => setNeedsApproval(e.target.checked)}
        />
        <span>An additional request for this channel always needs approval</span>
      </label>
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input type="checkbox" className={`${CHECKBOX} mt-0.5`} checked={goesToCms} onChange={(e) => setGoesToCms(e.target.checked)} />
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
              value={capacityPer}
              onChange={(e) => setCapacityPer(e.target.value)}
              aria-invalid={!!errors.capacityPer}
              aria-describedby={errors.capacityPer ? 'channel-capacity-per-error' : undefined}
            >
              <option value="sunday">Per Sunday</option>
              <option value="week">Per week</option>
            </select>
            <FieldError id="channel-capacity-per-error" message={errors.capacityPer} />
          </div>
          <NumberField
            id="channel-capacity"
            label={capacityPer === 'sunday' ? 'Capacity per Sunday' : 'Capacity per week'}
            hint="Empty for unlimited."
            value={capacity}
            onChange={setCapacity}
            error={errors.capacity}
          />
          <NumberField
            id="channel-run-weeks"
            label={capacityPer === 'sunday' ? 'Sundays an item runs' : 'Weeks an item runs'}
            hint="The last ones before the event; empty for every one of the promotion."
            value={runWeeks}
            onChange={setRunWeeks}
            error={errors.runWeeks}
          />
          <NumberField
            id="channel-lead-days"
            label="Lead time (days)"
            hint="How long production takes: an item is due this long before its first run."
            value={leadTimeDays}
            onChange={setLeadTimeDays}
            error={errors.leadTimeDays}
          />
        </div>
      </fieldset>
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

function NumberField(props: { id: string; label: string; hint: string; value: string; onChange: (v: string) => void; error?: string }) {
  const { id, error } = props;
  return (
    <div>
      <Label htmlFor={id}>{props.label}</Label>
      <Input
        id={id}
        type="number"
        min={0}
        inputMode="numeric"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={!!error}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
        {props.hint}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
