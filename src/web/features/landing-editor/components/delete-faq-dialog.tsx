import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { Trash2 } from 'lucide-react';
import { Button } from '@web/components/ui/button';

/** Removing an FAQ asks first (focus stays in the dialog until it is answered); the Save makes it final. */
export function DeleteFaqDialog({ position, question, onConfirm }: { position: number; question: string; onConfirm: () => void }) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <Button variant="ghost" size="icon" className="text-red-700 hover:bg-red-50" aria-label={`Delete FAQ ${position}`}>
          <Trash2 className="h-4 w-4" aria-hidden />
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/40" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-[61] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold">Delete this FAQ?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 break-words text-sm text-slate-600">
            {question.trim()
              ? `“${question.trim()}” will be removed from the landing page when you save.`
              : 'This FAQ will be removed when you save.'}
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">Cancel</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button variant="destructive" onClick={onConfirm}>
                Delete
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
