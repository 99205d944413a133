import * as Dialog from '@radix-ui/react-dialog';
import { BookmarkPlus, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { hasRank, type Role } from '@shared/domain/roles';
import { Button } from '@web/components/ui/button';

// The form and its schema load after the drawer, before the dialog opens: the checks are not on the
// drawer's first paint, and the dialog opens with its name field ready for the keyboard.
const loadForm = () => import('./save-as-template-form');
const SaveAsTemplateForm = lazy(loadForm);

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
  const [open, setOpen] = useState(false);
  useEffect(() => void loadForm(), []);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
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
          <Suspense fallback={null}>
            <SaveAsTemplateForm
              requestId={requestId}
              eventTitle={eventTitle}
              canChurch={hasRank(user.role, 'coordinator')}
              onDone={() => setOpen(false)}
            />
          </Suspense>
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
