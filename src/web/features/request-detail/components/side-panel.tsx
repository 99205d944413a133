import { useRef, useState } from 'react';
import type { RequestDetail } from '@shared/api/request-detail';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/input';
import { ACCEPT_ATTRIBUTE, useUploadAsset } from '../api/upload-asset';
import { AdminControls } from './admin-controls';
import { MessageTeam } from './message-team';
import { ViewersPanel } from './viewers-panel';

/** The drawer's 320px side panel (spec 001 sections 2, 9): messages, upload, admin controls, viewers. */
export function SidePanel({ detail, onDeleted }: { detail: RequestDetail; onDeleted: () => void }) {
  const a = detail.allowedActions;
  return (
    <aside
      aria-label="Request actions"
      className="w-full shrink-0 space-y-6 border-t border-slate-200 bg-slate-50/60 p-5 lg:w-[320px] lg:overflow-y-auto lg:border-l lg:border-t-0"
    >
      <MessageTeam requestId={detail.id} messages={detail.messages} canMessage={a.canMessage} />
      {a.canUpload && <UploadAsset requestId={detail.id} />}
      {a.canAdmin && <AdminControls detail={detail} onDeleted={onDeleted} />}
      {a.canAdmin && <ViewersPanel detail={detail} />}
    </aside>
  );
}

function UploadAsset({ requestId }: { requestId: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const { upload, progress, uploading } = useUploadAsset(requestId);
  const submit = async () => {
    if (!file) return;
    if (await upload(file)) {
      setFile(null);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <section aria-labelledby="upload-asset-heading" className="space-y-2">
      <h2 id="upload-asset-heading" className="text-sm font-semibold text-slate-900">
        Upload Asset
      </h2>
      <Label htmlFor="asset-file" className="sr-only">
        File
      </Label>
      <input
        ref={input}
        id="asset-file"
        type="file"
        accept={ACCEPT_ATTRIBUTE}
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:shadow-sm"
      />
      <p className="text-xs text-slate-500">.jpg .jpeg .png .pdf .docx .xlsx, up to 10MB</p>
      {uploading && (
        <progress value={progress ?? 0} max={1} aria-label="Upload progress" className="h-2 w-full">
          {Math.round((progress ?? 0) * 100)}%
        </progress>
      )}
      <Button size="sm" disabled={!file || uploading} onClick={() => void submit()}>
        {uploading ? `Uploading ${Math.round((progress ?? 0) * 100)}%` : 'Upload Asset'}
      </Button>
    </section>
  );
}
