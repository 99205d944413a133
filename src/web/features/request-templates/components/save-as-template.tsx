import * as Dialog from '@radix-ui/react-dialog';
import { BookmarkPlus, X } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { REQUEST_TEMPLATE_MESSAGES as M, saveTemplateBody } from '@shared/api/request-templates';
import { hasRank, type Role } from '@shared/domain/roles';
import { Button } from '@web/components/ui/button';
import { FieldError, Input, Label } from '@web/components/ui/input';
import { ApiError } from '@web/lib/api';
import { useSaveAsTemplate } from '../api/request-templates';

/** Who may save a request as a template: its requester, or a coordinator or admin (the server checks the same). */
export const maySaveAsTemplate = (user: { id: string; role: Role }, requesterId: string) =>
  hasRank(user.role, 'requester') && (user.id === requesterId || hasRank(user.role, 'coordinator'));

/**
 * 'Save as template' (guide/requests.md#request-templates): names a template made from this request
 * (its fields, no dates); coordinators and admins may make it a church template, offered to every
 * requester. A refusal keeps the dialog open with the reason.
 */
export function SaveAsTemplateButton({
  requestId,
  eventTitle,
  user,
}: {
  requestId: string;
  eventTitle: string;
  user: { id: string; role: Role };
}) {
  const id = useId();
  const save = useSaveAsTemplate(requestId);
  const [open, setOpen] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(saveTemplateBody), defaultValues: { name: eventTitle, church: false }, shouldFocusError: false });
  const error = errors.name?.message;
  const canChurch = hasRank(user.role, 'coordinator');
  const submit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ name: body.name, church: canChurch && body.church });
      setOpen(false);
    } catch (err) {
      setError('name', { type: 'server', message: err instanceof ApiError || err instanceof Error ? err.message : M.saveFailed });
    }
  });
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) reset({ name: eventTitle, church: false });
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm">
          <BookmarkPlus className="h-4 w-4" aria-hidden /> Save as template
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-[60] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="text-lg font-semibold text-slate-900">Save as template</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            A new request can start from this one&apos;s details. Dates are not kept.
          </Dialog.Description>
          <form onSubmit={(e) => void submit(e)} noValidate className="mt-4 grid gap-3">
            <div>
              <Label htmlFor={`${id}-name`}>Template name</Label>
              <Input
                id={`${id}-name`}
                maxLength={80}
                aria-invalid={!!error}
                aria-describedby={error ? `${id}-error` : undefined}
                {...register('name')}
              />
              <FieldError id={`${id}-error`} message={error} />
            </div>
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
          <Dialog.Close asChild>
            <Button variant="ghost" size="icon" className="absolute right-3 top-3" aria-label="Close">
              <X className="h-4 w-4" aria-hidden />
            </Button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
