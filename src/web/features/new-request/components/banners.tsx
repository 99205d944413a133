import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { Copy, Save } from 'lucide-react';
import { Button } from '@web/components/ui/button';

/** 'Mar 3 at 2:15 PM', in the reader's own time. */
export const draftTime = (savedAt: string) => format(parseISO(savedAt), "MMM d 'at' h:mm a");

/**
 * The offer of a kept draft: the spec's question, when the draft was saved, and, when files were
 * picked then, that they are not kept.
 */
export function DraftBanner({
  savedAt,
  fileCount,
  onRestore,
  onDiscard,
}: {
  savedAt: string | null;
  fileCount: number;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <div
      role="region"
      aria-label="Saved draft"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4 text-sm"
    >
      <Save className="h-5 w-5 text-brand-700" aria-hidden />
      <div className="min-w-0 flex-1 basis-56 text-slate-800">
        <p>You have an unsaved draft. Would you like to restore it?</p>
        {savedAt && <p className="text-slate-600">Restore your draft from {draftTime(savedAt)}?</p>}
        {fileCount > 0 && (
          <p className="text-slate-600">
            {fileCount === 1 ? 'The file you picked is' : `The ${fileCount} files you picked are`} not kept in a draft: add{' '}
            {fileCount === 1 ? 'it' : 'them'} again.
          </p>
        )}
      </div>
      <div className="flex gap-2">
        <Button size="sm" onClick={onRestore}>
          Restore
        </Button>
        <Button size="sm" variant="outline" onClick={onDiscard}>
          Discard
        </Button>
      </div>
    </div>
  );
}

export function DuplicateBanner({ title, startDate }: { title: string; startDate: string | null }) {
  return (
    <div role="region" aria-label="Duplicating Request" className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm">
      <Copy className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" aria-hidden />
      <div>
        <p className="font-semibold text-slate-900">Duplicating Request</p>
        <p className="text-slate-800">
          Copied from <span className="font-medium">{title}</span>
          {startDate ? `, event date ${format(parseISO(startDate), 'MMMM d, yyyy')}` : ''}.
        </p>
        <p className="mt-1 text-amber-900">Please review and update all dates and details before submitting.</p>
      </div>
    </div>
  );
}
