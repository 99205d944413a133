import * as Dialog from '@radix-ui/react-dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { REQUEST_TEMPLATE_MESSAGES as M, saveTemplateBody } from '@shared/api/request-templates';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/input';
import { ApiError } from '@web/lib/api';
import { useSaveAsTemplate } from '../api/request-templates';

/** Save as template's form, opened fresh each time: the name (the API's own schema) and, for coordinators, Church template. */
export default function SaveAsTemplateForm({
  requestId,
  eventTitle,
  canChurch,
  onDone,
}: {
  requestId: string;
  eventTitle: string;
  canChurch: boolean;
  onDone: () => void;
}) {
  const id = useId();
  const save = useSaveAsTemplate(requestId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(saveTemplateBody), defaultValues: { name: eventTitle, church: false }, shouldFocusError: false });
  const error = errors.name?.message;
  const submit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ name: body.name, church: canChurch && body.church });
      onDone();
    } catch (err) {
      setError('name', { type: 'server', message: err instanceof ApiError || err instanceof Error ? err.message : M.saveFailed });
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="mt-4 grid gap-3">
      <TextField id={`${id}-name`} label="Template name" maxLength={80} error={error} {...register('name')} />
      {canChurch && (
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input type="checkbox" className="mt-0.5 h-4 w-4" {...register('church')} />
          <span>
            Church template
            <span className="block text-slate-600">Every requester can start from it; coordinators and admins manage it.</span>
          </span>
        </label>
      )}
      <div className="mt-2 flex justify-end gap-2">
        <Dialog.Close asChild>
          <Button variant="outline">Cancel</Button>
        </Dialog.Close>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save template'}
        </Button>
      </div>
    </form>
  );
}
