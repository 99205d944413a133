import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { useForm } from 'react-hook-form';
import { CMS_QUEUE_MESSAGES, markPublishedBody, type CmsQueueItem, type MarkPublishedBody } from '@shared/api/cms-queue';
import { Button } from '@web/components/ui/button';
import { FieldError, Input, Label } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast-store';
import { ApiError } from '@web/lib/api';
import { useChannelLabel } from '@web/lib/church-config';
import { useMarkPublished } from '../api/mark-published';

/**
 * Mark Published (guide/reports.md#the-cms-queue): the date the item went live (today by default, never later than
 * the church's today) and its live https URL. The API checks the same schema.
 */
export function MarkPublishedDialog({
  item,
  today,
  onOpenChange,
}: {
  item: CmsQueueItem | null;
  today: string;
  onOpenChange: (open: boolean) => void;
}) {
  const channelLabel = useChannelLabel();
  return (
    <Dialog.Root open={!!item} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-[61] max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">{CMS_QUEUE_MESSAGES.markPublished}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            {item ? `${channelLabel(item.channel)} for ${item.eventTitle}. The requester will be told it is live.` : ''}
          </Dialog.Description>
          {item && <PublishForm key={item.id} itemId={item.id} today={today} onDone={() => onOpenChange(false)} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function PublishForm({ itemId, today, onDone }: { itemId: string; today: string; onDone: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<MarkPublishedBody>({ resolver: zodResolver(markPublishedBody), defaultValues: { publishedDate: today, publishedUrl: '' } });
  const publish = useMarkPublished({
    onSuccess: () => {
      toast({ title: CMS_QUEUE_MESSAGES.published });
      onDone();
    },
    onError: (err) => {
      const fields = err instanceof ApiError ? err.fields : undefined;
      if (fields?.publishedDate) setError('publishedDate', { message: fields.publishedDate });
      if (fields?.publishedUrl) setError('publishedUrl', { message: fields.publishedUrl });
      toast({ title: CMS_QUEUE_MESSAGES.publishFailed, description: err.message, variant: 'destructive' });
    },
  });
  const submit = handleSubmit((body) => publish.mutate({ itemId, ...body }));
  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      <div>
        <Label htmlFor="published-date">Published date</Label>
        <Input
          id="published-date"
          type="date"
          max={today}
          aria-invalid={!!errors.publishedDate}
          aria-describedby={errors.publishedDate ? 'published-date-error' : undefined}
          {...register('publishedDate')}
        />
        <FieldError id="published-date-error" message={errors.publishedDate?.message} />
      </div>
      <div>
        <Label htmlFor="published-url">Live URL</Label>
        <Input
          id="published-url"
          type="url"
          inputMode="url"
          placeholder="https://"
          autoComplete="url"
          aria-invalid={!!errors.publishedUrl}
          aria-describedby={errors.publishedUrl ? 'published-url-error' : undefined}
          {...register('publishedUrl')}
        />
        <FieldError id="published-url-error" message={errors.publishedUrl?.message} />
      </div>
      <div className="flex justify-end gap-2">
        <Dialog.Close asChild>
          <Button variant="outline">Cancel</Button>
        </Dialog.Close>
        <Button type="submit" disabled={publish.isPending}>
          {CMS_QUEUE_MESSAGES.markPublished}
        </Button>
      </div>
    </form>
  );
}
