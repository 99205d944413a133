import type { RequestDetail } from '@shared/api/request-detail';
import { AdminControls } from './admin-controls';
import { MessageTeam } from './message-team';
import { UploadAssetSection } from './upload-asset-section';
import { ViewersPanel } from './viewers-panel';

/** The drawer's 320px side panel (guide/requests.md#the-request-drawer): messages, upload, admin controls, viewers. */
export function SidePanel({ detail, onDeleted }: { detail: RequestDetail; onDeleted: () => void }) {
  const a = detail.allowedActions;
  return (
    <aside
      aria-label="Request actions"
      className="w-full shrink-0 space-y-6 border-t border-slate-200 bg-slate-50/60 p-5 lg:w-[320px] lg:overflow-y-auto lg:border-l lg:border-t-0"
    >
      <MessageTeam detail={detail} />
      {a.canUpload && <UploadAssetSection requestId={detail.id} />}
      {a.canAdmin && <AdminControls detail={detail} onDeleted={onDeleted} />}
      {a.canAdmin && <ViewersPanel detail={detail} />}
    </aside>
  );
}
