import { Trash2 } from 'lucide-react';
import { SERIES_MESSAGES } from '@shared/api/series';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';

/** Deleting a series asks first (focus stays in the dialog until it is answered). */
export function DeleteSeriesDialog({ title, pending, onConfirm }: { title: string; pending: boolean; onConfirm: () => void }) {
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" className="text-red-700">
          <Trash2 className="h-4 w-4" aria-hidden />
          Delete Series
        </Button>
      }
      title={`Delete “${title}”?`}
      description={SERIES_MESSAGES.deleteConfirm}
      confirm="Delete"
      destructive
      pending={pending}
      onConfirm={onConfirm}
    />
  );
}
