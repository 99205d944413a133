import { Trash2 } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';

/** Removing an FAQ asks first (focus stays in the dialog until it is answered); the Save makes it final. */
export function DeleteFaqDialog({ position, question, onConfirm }: { position: number; question: string; onConfirm: () => void }) {
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="icon" className="text-red-700 hover:bg-red-50" aria-label={`Delete FAQ ${position}`}>
          <Trash2 className="h-4 w-4" aria-hidden />
        </Button>
      }
      title="Delete this FAQ?"
      description={
        question.trim()
          ? `“${question.trim()}” will be removed from the landing page when you save.`
          : 'This FAQ will be removed when you save.'
      }
      confirm="Delete"
      destructive
      onConfirm={onConfirm}
    />
  );
}
