import { Download } from 'lucide-react';
import { useState } from 'react';
import type { AssetDto } from '@shared/api/request-detail';
import { previewKind } from '@shared/domain/file-preview';
import { Button, buttonClasses } from '@web/components/ui/button';
import { assetFileUrl } from '../api/asset-file-url';
import { formatDateTime } from './format';
import { FileViewerDialog, proofTitle } from './proof-preview';

/** Every proof version of an item, newest first; each opens large or downloads. */
export function ProofVersions({ proofs, channelLabel }: { proofs: AssetDto[]; channelLabel: string }) {
  const [viewing, setViewing] = useState<AssetDto | null>(null);
  return (
    <div className="mt-3">
      <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Versions</h4>
      <ol aria-label={`Proof versions of ${channelLabel}`} className="mt-1 divide-y divide-slate-100 rounded-md border border-slate-200">
        {proofs.map((p, i) => {
          const title = proofTitle(channelLabel, p);
          return (
            <li key={p.id} className="flex flex-wrap items-center gap-x-2 gap-y-0.5 px-3 py-1.5 text-sm">
              <span className="font-medium text-slate-900">v{p.versionNumber}</span>
              {i === 0 && <span className="rounded bg-brand-50 px-1.5 text-xs font-medium text-brand-700">Latest</span>}
              <span className="min-w-0 flex-1 truncate text-slate-700" title={p.fileName}>
                {p.fileName}
              </span>
              <span className="text-xs text-slate-500">
                {formatDateTime(p.createdAt)}
                {p.uploader && ` · ${p.uploader.fullName}`}
              </span>
              <span className="flex items-center">
                {previewKind(p.fileType) !== 'other' && (
                  <Button variant="ghost" size="sm" aria-label={`View ${title}`} onClick={() => setViewing(p)}>
                    View
                  </Button>
                )}
                <a href={assetFileUrl(p.id)} download aria-label={`Download ${title}`} className={buttonClasses('ghost', 'sm')}>
                  <Download className="h-4 w-4" aria-hidden />
                </a>
              </span>
            </li>
          );
        })}
      </ol>
      {viewing && (
        <FileViewerDialog
          asset={viewing}
          title={proofTitle(channelLabel, viewing)}
          open
          onOpenChange={(open) => !open && setViewing(null)}
        />
      )}
    </div>
  );
}
