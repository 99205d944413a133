import * as Dialog from '@radix-ui/react-dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { requestChangesBody } from '@shared/api/request-detail';
import { Button } from '@web/components/ui/button';
import { FieldError, Label, Textarea } from '@web/components/ui/input';
import { useRequestChanges } from '../api/request-changes';
import { drawerFeedback } from './drawer-feedback';

/** 'Request Changes' on a proof: the feedback goes to the proof's creator (guide/proofs.md#the-proof-loop). */
export default function RequestChangesDialog({
  itemId,
  channelLabel,
  open,
  onOpenChange,
}: {
  itemId: string;
  channelLabel: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const {
    register,
    handleSubmit,
    reset,
    clearErrors,
    formState: { errors },
  } = useForm({ resolver: zodResolver(requestChangesBody), defaultValues: { feedback: '' }, shouldFocusError: false });
  const error = errors.feedback?.message;
  const send = useRequestChanges(
    drawerFeedback('Change request', {
      then: () => {
        reset();
        onOpenChange(false);
      },
    }),
  );
  const submit = handleSubmit(({ feedback }) => send.mutate({ itemId, feedback }));
  const id = `feedback-${itemId}`;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-[61] w-full max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">Request Changes</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            Tell the creative what to change on {channelLabel}.
          </Dialog.Description>
          <form onSubmit={submit} className="mt-4 space-y-3">
            <div>
              <Label htmlFor={id}>Feedback</Label>
              <Textarea
                id={id}
                rows={5}
                maxLength={5000}
                aria-invalid={!!error}
                aria-describedby={error ? `${id}-error` : undefined}
                // Typing takes the message away until the next try.
                {...register('feedback', { onChange: () => clearErrors('feedback') })}
              />
              <FieldError id={`${id}-error`} message={error} />
            </div>
            <div className="flex justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" disabled={send.isPending}>
                Request Changes
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
