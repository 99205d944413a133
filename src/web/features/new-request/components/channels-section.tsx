import { configChannelLabel, configTierName, extraNeedsApproval, offered } from '@shared/domain/church-config';
import { offeredTierChannels, useFormConfig } from '../lib/form-config';
import { Input } from '@web/components/ui/input';
import type { RequestForm } from '../lib/form-values';
import { errorProps, Field, FormSection } from './field';

const CHECK = 'mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-600';

/**
 * Communication Channels: the tier's channels (unchecking removes one), additional requests for
 * the other channels with a hint where approval is needed, and Other with its required text.
 */
export function ChannelsSection({ form }: { form: RequestForm }) {
  const { watch, setValue, register, formState } = form;
  const tier = watch('tier');
  const included = watch('includedChannels') ?? [];
  const additional = watch('additionalChannels') ?? {};
  const config = useFormConfig();
  const standard = offeredTierChannels(config, tier);
  const ownChannels = config.tiers.find((t) => t.code === tier)?.channels ?? [];
  // Every offered channel outside the tier; Other last, when the church offers it.
  const extras = offered(config.channels)
    .map((c) => c.code)
    .filter((c) => c !== 'other' && !ownChannels.includes(c));
  const offersOther = config.channels.some((c) => c.code === 'other' && !c.archived);
  const channelLabel = (code: string) => configChannelLabel(config, code);
  const needsApproval = (code: string, t: string) => extraNeedsApproval(config, code, t);
  type Channel = string;
  const opts = { shouldDirty: true, shouldValidate: formState.isSubmitted };

  const toggleIncluded = (channel: Channel, checked: boolean) =>
    setValue(
      'includedChannels',
      checked ? standard.filter((c) => c === channel || included.includes(c)) : included.filter((c) => c !== channel),
      opts,
    );
  const toggleAdditional = (channel: Channel, checked: boolean) =>
    setValue('additionalChannels', { ...additional, [channel]: checked }, { ...opts, shouldValidate: true });
  const otherError = formState.errors.otherChannelText?.message;

  return (
    <FormSection title="Communication Channels">
      <fieldset>
        <legend className="text-sm font-semibold text-slate-800">
          {tier ? `Included with ${configTierName(config, tier) || 'your tier'}` : 'Included with your tier'}
        </legend>
        {!tier && <p className="mt-1 text-sm text-slate-500">Choose a communication tier to see its channels.</p>}
        {tier && standard.length === 0 && (
          <p className="mt-1 text-sm text-slate-500">This tier has no automatic channels; add what you need below.</p>
        )}
        <ul className="mt-2 grid gap-2 sm:grid-cols-2">
          {standard.map((channel) => (
            <li key={channel}>
              <label className="flex items-start gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className={CHECK}
                  checked={included.includes(channel)}
                  onChange={(e) => toggleIncluded(channel, e.target.checked)}
                />
                {channelLabel(channel)}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      <fieldset>
        <legend className="text-sm font-semibold text-slate-800">Additional requests</legend>
        <ul className="mt-2 grid gap-2 sm:grid-cols-2">
          {extras.map((channel) => {
            const approval = needsApproval(channel, tier);
            return (
              <li key={channel}>
                <label className="flex items-start gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    className={CHECK}
                    checked={additional[channel] === true}
                    onChange={(e) => toggleAdditional(channel, e.target.checked)}
                  />
                  <span>
                    {channelLabel(channel)}
                    {approval && (
                      <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-800">needs approval</span>
                    )}
                  </span>
                </label>
              </li>
            );
          })}
          {offersOther && (
            <li>
              <label className="flex items-start gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className={CHECK}
                  checked={additional.other === true}
                  onChange={(e) => toggleAdditional('other', e.target.checked)}
                />
                <span>
                  Other
                  {needsApproval('other', tier) && (
                    <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-800">needs approval</span>
                  )}
                </span>
              </label>
            </li>
          )}
        </ul>
        {additional.other && (
          <div className="mt-3">
            <Field id="otherChannelText" label="Please specify" required error={otherError}>
              <Input {...errorProps('otherChannelText', otherError)} {...register('otherChannelText')} />
            </Field>
          </div>
        )}
      </fieldset>
    </FormSection>
  );
}
