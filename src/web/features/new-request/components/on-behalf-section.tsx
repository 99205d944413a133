import { Input } from '@web/components/ui/input';
import type { RequestForm } from '../lib/form-values';
import { errorProps, Field, FormSection } from './field';

/** Approvers and above may submit for someone else; the name replaces theirs on the request. */
export function OnBehalfSection({ form }: { form: RequestForm }) {
  const { register, formState } = form;
  const e = formState.errors;
  return (
    <FormSection
      title="Submitting on Behalf Of"
      description="Optional: fill this in when you submit for someone else. Their name replaces yours on the request."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="requesterName" label="Requester name" error={e.requesterName?.message}>
          <Input {...errorProps('requesterName', e.requesterName?.message)} autoComplete="off" {...register('requesterName')} />
        </Field>
        <Field id="requesterEmail" label="Requester e-mail" error={e.requesterEmail?.message}>
          <Input
            type="email"
            {...errorProps('requesterEmail', e.requesterEmail?.message)}
            autoComplete="off"
            {...register('requesterEmail')}
          />
        </Field>
      </div>
    </FormSection>
  );
}
