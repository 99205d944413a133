import { Input, Textarea } from '@web/components/ui/input';
import type { RequestForm } from '../lib/form-values';
import { errorProps, Field, FormSection } from './field';

export function AdditionalInfoSection({ form }: { form: RequestForm }) {
  const { register, formState } = form;
  const e = formState.errors;
  return (
    <FormSection title="Additional Information">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="infoLink" label="Info link" error={e.infoLink?.message}>
          <Input type="url" placeholder="https://" {...errorProps('infoLink', e.infoLink?.message)} {...register('infoLink')} />
        </Field>
        <Field id="registrationLink" label="Registration link" error={e.registrationLink?.message}>
          <Input
            type="url"
            placeholder="https://"
            {...errorProps('registrationLink', e.registrationLink?.message)}
            {...register('registrationLink')}
          />
        </Field>
      </div>
      <Field id="websiteDescription" label="Website description" error={e.websiteDescription?.message}>
        <Textarea rows={3} {...errorProps('websiteDescription', e.websiteDescription?.message)} {...register('websiteDescription')} />
      </Field>
    </FormSection>
  );
}
