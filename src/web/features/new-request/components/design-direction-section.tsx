import { DESIGN_DIRECTIONS, type DesignDirection } from '@shared/api/submission';
import { Textarea } from '@web/components/ui/input';
import type { RequestForm } from '../lib/form-values';
import { errorProps, Field, FormSection } from './field';

const LABELS: Record<DesignDirection, { title: string; detail: string }> = {
  template: { title: 'Template', detail: 'Use our standard templates.' },
  reference: { title: 'Reference', detail: 'I have examples or a reference to follow.' },
  freedom: { title: 'Creative freedom', detail: 'The team may design freely.' },
};

export function DesignDirectionSection({ form }: { form: RequestForm }) {
  const { register, formState } = form;
  const notesError = formState.errors.designNotes?.message;
  return (
    <FormSection title="Design Direction">
      <fieldset>
        <legend className="sr-only">Design direction</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          {DESIGN_DIRECTIONS.map((direction) => (
            <label
              key={direction}
              className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-200 p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                value={direction}
                className="mt-0.5 h-4 w-4 border-slate-300 text-brand-600 focus:ring-brand-600"
                {...register('designDirection')}
              />
              <span>
                <span className="block font-medium text-slate-900">{LABELS[direction].title}</span>
                <span className="text-slate-600">{LABELS[direction].detail}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <Field id="designNotes" label="Design notes" error={notesError}>
        <Textarea rows={3} {...errorProps('designNotes', notesError)} {...register('designNotes')} />
      </Field>
    </FormSection>
  );
}
