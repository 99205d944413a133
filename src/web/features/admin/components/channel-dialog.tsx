import { useState } from 'react';
import type { ChurchConfigResponse } from '@shared/api/church-config';
import type { ChannelConfig } from '@shared/domain/church-config';
import { Button } from '@web/components/ui/button';
import { FieldError, Input, Label } from '@web/components/ui/input';
import { api } from '@web/lib/api';
import { useConfigChange } from '@web/lib/church-config';
import { CHECKBOX, errorsOf } from './config-parts';
import { FormDialog } from './users-form-fields';

/** Add or edit a channel; the server checks it and answers with what is wrong, nothing saved. */
export function ChannelDialog({ channel, onClose }: { channel: ChannelConfig | 'new' | null; onClose: () => void }) {
  const existing = channel && channel !== 'new' ? channel : null;
  return (
    <FormDialog
      open={!!channel}
      onOpenChange={(o) => !o && onClose()}
      title={existing ? `Edit ${existing.label}` : 'Add Channel'}
      description="Items already made keep their channel and CMS queue setting."
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
    const body = { label, needsApproval, goesToCms, archived: channel?.archived ?? false };
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
