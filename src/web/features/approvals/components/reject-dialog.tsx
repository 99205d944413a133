import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { useForm } from 'react-hook-form';
import {
  APPROVAL_MESSAGES,
  OTHER_REASON,
  REJECTION_REASONS,
  REJECTION_TEXT_MAX,
  rejectItemBody,
  type ApprovalItem,
  type RejectItemBody,
} from '@shared/api/approvals';
import { Button } from '@web/components/ui/button';
import { FieldError, Label, Textarea } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast-store';
import { useChannelLabel } from '@web/lib/church-config';
import { useRejectItem } from '../api/decide-item';

const REASONS = [...REJECTION_REASONS, OTHER_REASON];

/**
 * Reject an additional item (guide/intake-and-approvals.md#the-approval-queue): a reason must be chosen; 'Other' needs text
 * that is not blank after trimming. The API checks the same schema.
 */
export function RejectDialog({ item, onOpenChange }: { item: ApprovalItem | null; onOpenChange: (open: boolean) => void }) {
  const channelLabel = useChannelLabel();
  return (
    <Dialog.Root open={!!item} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-[61] max-h-[90vh] w-full max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">Reject Additional Item</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            {item ? `${channelLabel(item.channel)} for ${item.eventTitle}. The requester will see the reason.` : ''}
          </Dialog.Description>
          {item && <RejectForm key={item.id} itemId={item.id} suggested={item.suggestedReason} onDone={() => onOpenChange(false)} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function RejectForm({ itemId, suggested, onDone }: { itemId: string; suggested: string | null; onDone: () => void }) {
  const reject = useRejectItem({
    onSuccess: () => {
      toast({ title: APPROVAL_MESSAGES.rejected });
      onDone();
    },
    onError: (err) => toast({ title: APPROVAL_MESSAGES.rejectFailed, description: err.message, variant: 'destructive' }),
  });
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<RejectItemBody>({ resolver: zodResolver(rejectItemBody), defaultValues: { reason: suggested ?? '', otherText: '' } });
  const reason = watch('reason');
  const submit = handleSubmit((body) =>
    reject.mutate({ itemId, reason: body.reason, otherText: body.reason === OTHER_REASON ? body.otherText?.trim() : undefined }),
  );
  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      <fieldset aria-describedby={errors.reason ? 'reject-reason-error' : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-700">Reason</legend>
        <div className="space-y-2">
          {REASONS.map((text, i) => (
            <label key={text} htmlFor={`reject-reason-${i}`} className="flex items-start gap-2 text-sm text-slate-800">
              <input
                id={`reject-reason-${i}`}
                type="radio"
                value={text}
                className="mt-0.5 h-4 w-4 accent-brand-600"
                {...register('reason')}
              />
              {text}
            </label>
          ))}
        </div>
        <FieldError id="reject-reason-error" message={errors.reason?.message} />
      </fieldset>
      {reason === OTHER_REASON && (
        <div>
          <Label htmlFor="reject-other-text">Please describe the reason</Label>
          <Textarea
            id="reject-other-text"
            rows={4}
            maxLength={REJECTION_TEXT_MAX}
            aria-invalid={!!errors.otherText}
            aria-describedby={errors.otherText ? 'reject-other-text-error' : undefined}
            {...register('otherText')}
          />
          <FieldError id="reject-other-text-error" message={errors.otherText?.message} />
        </div>
      )}
      <div className="flex justify-end gap-2">
        <Dialog.Close asChild>
          <Button variant="outline">Cancel</Button>
        </Dialog.Close>
        <Button type="submit" variant="destructive" disabled={reject.isPending}>
          Reject Item
        </Button>
      </div>
    </form>
  );
}
