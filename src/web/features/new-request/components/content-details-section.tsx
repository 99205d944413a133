import { SHORT_DESCRIPTION_MAX } from '@shared/domain/constants';
import { leadTimeText, offered } from '@shared/domain/church-config';
import { useFormConfig } from '../lib/form-config';
import { Input, Textarea } from '@web/components/ui/input';
import type { RequestForm } from '../lib/form-values';
import { errorProps, Field, FormSection } from './field';
import { selectClasses } from './key-information-section';
import { TierGuideDialog } from './tier-guide-dialog';

export function ContentDetailsSection({
  form,
  tierLocked,
  recommendation,
  onTierChosen,
}: {
  form: RequestForm;
  /** Impact in One events are always tier A: the selector is locked (controlled, so a disabled
   * select never drops its value from the form). */
  tierLocked: boolean;
  recommendation: string | null;
  onTierChosen: (tier: string) => void;
}) {
  const { register, formState, watch } = form;
  const config = useFormConfig();
  const e = formState.errors;
  const shortLength = watch('descriptionShort')?.length ?? 0;
  const over = shortLength > SHORT_DESCRIPTION_MAX;
  return (
    <FormSection title="Content Details">
      <Field
        id="descriptionShort"
        label="Short description"
        required
        error={e.descriptionShort?.message}
        hint={
          <span aria-live="polite" className={over ? 'font-medium text-red-600' : undefined}>
            {shortLength}/{SHORT_DESCRIPTION_MAX}
          </span>
        }
      >
        <Textarea rows={2} {...errorProps('descriptionShort', e.descriptionShort?.message)} {...register('descriptionShort')} />
      </Field>
      <Field id="descriptionLong" label="Long description" error={e.descriptionLong?.message}>
        <Textarea rows={5} {...errorProps('descriptionLong', e.descriptionLong?.message)} {...register('descriptionLong')} />
      </Field>
      <Field id="targetAudience" label="Target audience" error={e.targetAudience?.message}>
        <Input {...errorProps('targetAudience', e.targetAudience?.message)} {...register('targetAudience')} />
      </Field>
      <div>
        <Field
          id="tier"
          label="Communication tier"
          required
          error={e.tier?.message}
          hint={tierLocked ? 'Impact in One events are always Tier A.' : recommendation}
        >
          <select
            className={selectClasses}
            disabled={tierLocked}
            value={watch('tier')}
            onChange={(ev) => onTierChosen(ev.target.value)}
            {...errorProps('tier', e.tier?.message)}
          >
            <option value="">Select a tier</option>
            {offered(config.tiers).map((tier) => (
              <option key={tier.code} value={tier.code}>
                {tier.name}
                {tier.examples ? `: ${tier.examples}` : ''} ({leadTimeText(tier)})
              </option>
            ))}
          </select>
        </Field>
        <TierGuideDialog />
      </div>
    </FormSection>
  );
}
