import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { DRAWER_MESSAGES } from '@shared/api/request-detail';
import { Button } from '@web/components/ui/button';
import { FieldError, Label, Textarea } from '@web/components/ui/input';
import { useRequestChanges } from '../api/request-changes';
import { drawerFeedback } from './drawer-feedback';

/** 'Request Changes' on a proof: the feedback goes to the proof's creator (guide/proofs.md#the-proof-loop). */
export function RequestChangesDialog({
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
  const [feedback, setFeedback] = useState('');
  const [error, setError] = useState<string | undefined>();
  const send = useRequestChanges(
    drawerFeedback('Change request', {
      then: () => {
        setFeedback('');
        onOpenChange(false);
      },
    }),
  );
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!feedback.trim()) return setError(DRAWER_MESSAGES.feedbackRequired);
    send.mutate({ itemId, feedback: feedback.trim() });
  };
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
                value={feedback}
                rows={5}
                maxLength={5000}
                aria-invalid={!!error}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(e) => {
                  setFeedback(e.target.value);
                  setError(undefined);
                }}
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
