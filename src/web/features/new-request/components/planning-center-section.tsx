import { AlertTriangle } from 'lucide-react';
import { Input } from '@web/components/ui/input';
import { FieldError } from '@web/components/ui/input';
import type { RequestForm } from '../lib/form-values';
import { calendarQuestionText } from '@shared/domain/church-config';
import { useFormConfig } from '../lib/form-config';
import { errorProps, Field, FormSection } from './field';

/** Event Approval and Calendar: the Planning Center answer gates submitting (guide/sunday-planning.md#the-sunday-plan-dialog). */
export function PlanningCenterSection({ form }: { form: RequestForm }) {
  const { watch, setValue, register, formState } = form;
  const { church } = useFormConfig();
  const answer = watch('planningCenterAdded');
  const error = formState.errors.planningCenterAdded?.message;
  const choose = (value: boolean) => setValue('planningCenterAdded', value, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
  // A church that does not use such a calendar is not asked (decision 0056).
  if (!church.calendarQuestion) return null;
  const calendar = church.calendarName;
  return (
    <FormSection title="Event Approval and Calendar">
      <fieldset aria-describedby={error ? 'planningCenterAdded-error' : undefined}>
        <legend className="text-sm font-medium text-slate-700">
          {calendarQuestionText(church)}
          <span className="text-red-600" aria-hidden>
            {' '}
            *
          </span>
        </legend>
        <div className="mt-2 flex gap-6">
          {[
            { label: 'Yes', value: true },
            { label: 'No', value: false },
          ].map((option) => (
            <label key={option.label} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name="planningCenterAdded"
                className="h-4 w-4 border-slate-300 text-brand-600 focus:ring-brand-600"
                checked={answer === option.value}
                onChange={() => choose(option.value)}
              />
              {option.label}
            </label>
          ))}
        </div>
        <FieldError id="planningCenterAdded-error" message={error} />
      </fieldset>
      {answer === false && church.calendarRequired && (
        <div role="alert" className="flex gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          <div>
            <p className="font-semibold">Action Required</p>
            <p>
              Your event must be on the {calendar} calendar before you can submit this request. Please contact the admin team to have it
              added.
            </p>
          </div>
        </div>
      )}
      <Field id="planningCenterLink" label={`${calendar} link`} error={formState.errors.planningCenterLink?.message}>
        <Input
          type="url"
          placeholder="https://"
          {...errorProps('planningCenterLink', formState.errors.planningCenterLink?.message)}
          {...register('planningCenterLink')}
        />
      </Field>
    </FormSection>
  );
}
