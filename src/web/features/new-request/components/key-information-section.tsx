import type { MinistryDto } from '@shared/api/requests';
import { Input } from '@web/components/ui/input';
import type { RequestForm } from '../lib/form-values';
import { errorProps, Field, FormSection } from './field';

const SELECT =
  'block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-slate-100 aria-[invalid=true]:border-red-500';
export const selectClasses = SELECT;

export function KeyInformationSection({
  form,
  ministries,
  ministriesState,
  onMinistryChosen,
}: {
  form: RequestForm;
  ministries: MinistryDto[];
  ministriesState: 'loading' | 'error' | 'ready';
  onMinistryChosen: (ministryId: string) => void;
}) {
  const { register, formState } = form;
  const e = formState.errors;
  return (
    <FormSection title="Key Information">
      <Field id="eventTitle" label="Event title" required error={e.eventTitle?.message}>
        <Input {...errorProps('eventTitle', e.eventTitle?.message)} {...register('eventTitle')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="ministryId"
          label="Ministry"
          required
          error={e.ministryId?.message}
          hint={ministriesState === 'error' ? 'Ministries could not be loaded. Reload the page to try again.' : undefined}
        >
          <select
            className={SELECT}
            {...errorProps('ministryId', e.ministryId?.message)}
            {...register('ministryId', { onChange: (ev) => onMinistryChosen(ev.target.value) })}
          >
            <option value="">{ministriesState === 'loading' ? 'Loading...' : 'Select a ministry'}</option>
            {ministries.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="promotionStartDate"
          label="Promotion start date"
          required
          error={e.promotionStartDate?.message}
          hint="Submit 2 or more weeks ahead. Setting the event start date fills this in 3 weeks earlier."
        >
          <Input type="date" {...errorProps('promotionStartDate', e.promotionStartDate?.message)} {...register('promotionStartDate')} />
        </Field>
      </div>
    </FormSection>
  );
}
