import type { RunwayCode } from '@shared/domain/planning';
import { MediaEditor } from './media/media-editor';
import { SundayDetailsDialog } from './sunday-details-dialog';

/**
 * Which editor a runway's Sunday card opens (guide/sunday-planning.md#a-runway-view): message opens the second dialog on
 * Message Details; generosity, announcements and logistics open it on their own section; media
 * opens Sunday Videos, the slide deck and the Social Media Plan as tabs of one editor (the media
 * runway's checklist items stay in the whole-Sunday plan dialog, from View Details).
 */
export function RunwayEditor({ code, date, onClose }: { code: RunwayCode; date: string; onClose: () => void }) {
  if (code === 'media') return <MediaEditor sundayDate={date} open onOpenChange={(open) => !open && onClose()} />;
  return <SundayDetailsDialog date={date} section={code} onClose={onClose} />;
}
