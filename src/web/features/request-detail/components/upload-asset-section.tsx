import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { FileDropZone } from '@web/components/ui/file-drop-zone';
import { ACCEPT_ATTRIBUTE, ACCEPT_HINT, useUploadAsset } from '../api/upload-asset';
import { uploadFeedback } from './drawer-feedback';

/**
 * The side panel's 'Upload Asset' (guide/requests.md#the-request-drawer) on the styled drop zone: the chosen
 * file is shown by name and size, then sent with progress by the 'Upload Asset' button.
 */
export function UploadAssetSection({ requestId }: { requestId: string }) {
  const [chosen, setChosen] = useState<File | null>(null);
  const { upload, progress, file: sending, uploading } = useUploadAsset(requestId, uploadFeedback);
  const submit = async () => {
    if (chosen && (await upload(chosen))) setChosen(null);
  };
  return (
    <section aria-labelledby="upload-asset-heading" className="space-y-2">
      <h2 id="upload-asset-heading" className="text-sm font-semibold text-slate-900">
        Upload Asset
      </h2>
      <FileDropZone
        id="asset-file"
        label="File"
        accept={ACCEPT_ATTRIBUTE}
        hint={ACCEPT_HINT}
        file={sending ?? chosen}
        progress={progress}
        disabled={uploading}
        onFile={setChosen}
      />
      <Button size="sm" disabled={!chosen || uploading} onClick={() => void submit()}>
        {uploading ? `Uploading ${Math.round((progress ?? 0) * 100)}%` : 'Upload Asset'}
      </Button>
    </section>
  );
}
