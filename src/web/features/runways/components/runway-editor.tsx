import type { RunwayCode } from '@shared/domain/planning';
import { SundayDetailsDialog } from './sunday-details-dialog';
import { SundayPlanDialog } from './sunday-plan-dialog';

/**
 * Which editor a runway's Sunday card opens (DESIGN 5.12): message opens the second dialog on
 * Message Details; generosity, announcements and logistics open it on their own section. Media
 * opens the whole-Sunday plan on the media group: this is the hook point where the media editor
 * (Sunday Videos, slide deck and Social Media Plan as tabs, in components/media) takes over.
 */
export function RunwayEditor({ code, date, onClose }: { code: RunwayCode; date: string; onClose: () => void }) {
  if (code === 'media') return <SundayPlanDialog date={date} focus="media" onClose={onClose} />;
  return <SundayDetailsDialog date={date} section={code} onClose={onClose} />;
}
