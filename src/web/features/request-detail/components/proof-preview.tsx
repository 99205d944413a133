import * as Dialog from '@radix-ui/react-dialog';
import { Download, ExternalLink, File as FileIcon, FileText, Maximize2, X } from 'lucide-react';
import { useState } from 'react';
import type { AssetDto } from '@shared/api/request-detail';
import { previewKind } from '@shared/domain/file-preview';
import { Button, buttonClasses } from '@web/components/ui/button';
import { assetFileUrl } from '../api/asset-file-url';
import { formatBytes, formatDateTime } from './format';

/** How a proof is named to people and screen readers: "Sunday Slide Deck proof v2". */
export const proofTitle = (channelLabel: string, asset: AssetDto) => `${channelLabel} proof v${asset.versionNumber}`;

/**
 * One proof shown where it is reviewed: an image as a preview that opens full size, a
 * PDF as a card that opens the browser's viewer in a dialog, any other file as a named download.
 */
export function ProofPreview({ asset, title }: { asset: AssetDto; title: string }) {
  const [open, setOpen] = useState(false);
  const kind = previewKind(asset.fileType);
  return (
    <figure className="min-w-0">
      {kind === 'image' && <ImagePreview asset={asset} title={title} onOpen={() => setOpen(true)} />}
      {kind === 'pdf' && <PdfCard asset={asset} title={title} onOpen={() => setOpen(true)} />}
      {kind === 'other' && <DownloadCard asset={asset} />}
      <figcaption className="mt-1.5 truncate text-xs text-slate-500" title={asset.fileName}>
        v{asset.versionNumber} · {asset.fileName} · {formatBytes(asset.fileSize)}
      </figcaption>
      {kind !== 'other' && <FileViewerDialog asset={asset} title={title} open={open} onOpenChange={setOpen} />}
    </figure>
  );
}

function ImagePreview({ asset, title, onOpen }: { asset: AssetDto; title: string; onOpen: () => void }) {
  const [broken, setBroken] = useState(false);
  // A proof whose stored file is gone still offers the download, which explains itself.
  if (broken) return <DownloadCard asset={asset} note="Preview unavailable." />;
  return (
    <button
      type="button"
      onClick={onOpen}
      className="group relative block w-full overflow-hidden rounded-md border border-slate-200 bg-slate-100 focus-visible:outline-2"
    >
      <img
        src={assetFileUrl(asset.id, true)}
        alt={title}
        onError={() => setBroken(true)}
        className="mx-auto max-h-72 w-auto max-w-full object-contain"
      />
      <span className="absolute bottom-2 right-2 inline-flex items-center gap-1 rounded bg-slate-900/75 px-2 py-1 text-xs font-medium text-white">
        <Maximize2 className="h-3.5 w-3.5" aria-hidden />
        View full size
      </span>
    </button>
  );
}

function PdfCard({ asset, title, onOpen }: { asset: AssetDto; title: string; onOpen: () => void }) {
  return (
    <div className="flex items-center gap-3 rounded-md border border-slate-200 bg-slate-50 p-4">
      <FileText className="h-10 w-10 shrink-0 text-red-600" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900">{asset.fileName}</p>
        <p className="text-xs text-slate-500">PDF · {formatBytes(asset.fileSize)}</p>
      </div>
      <Button size="sm" variant="outline" onClick={onOpen} aria-label={`View ${title} (PDF)`}>
        View PDF
      </Button>
    </div>
  );
}

function DownloadCard({ asset, note }: { asset: AssetDto; note?: string }) {
  return (
    <div className="flex items-center gap-3 rounded-md border border-slate-200 bg-slate-50 p-4">
      <FileIcon className="h-8 w-8 shrink-0 text-slate-500" aria-hidden />
      <div className="min-w-0 flex-1 text-sm">
        {note && <p className="text-slate-600">{note}</p>}
        <a href={assetFileUrl(asset.id)} download className="break-all font-medium text-brand-600 hover:underline">
          Download {asset.fileName}
        </a>
      </div>
    </div>
  );
}

/** The file itself, large: an image at full size (scrolling when bigger) or a PDF in the browser's viewer. */
export function FileViewerDialog({
  asset,
  title,
  open,
  onOpenChange,
}: {
  asset: AssetDto;
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const inline = assetFileUrl(asset.id, true);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/60" />
        <Dialog.Content className="fixed inset-2 z-[61] flex flex-col rounded-lg bg-white shadow-xl sm:inset-6">
          <header className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-4 py-3">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="truncate text-base font-semibold text-slate-900">{title}</Dialog.Title>
              <Dialog.Description className="truncate text-xs text-slate-500">
                {asset.fileName} · {formatBytes(asset.fileSize)} · uploaded {formatDateTime(asset.createdAt)}
                {asset.uploader && ` by ${asset.uploader.fullName}`}
              </Dialog.Description>
            </div>
            <a href={inline} target="_blank" rel="noopener" className={buttonClasses('ghost', 'sm')}>
              <ExternalLink className="h-4 w-4" aria-hidden />
              Open in new tab
            </a>
            <a href={assetFileUrl(asset.id)} download className={buttonClasses('ghost', 'sm')}>
              <Download className="h-4 w-4" aria-hidden />
              Download
            </a>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close">
                <X className="h-5 w-5" aria-hidden />
              </Button>
            </Dialog.Close>
          </header>
          <div className="min-h-0 flex-1 overflow-auto bg-slate-100">
            <FileView asset={asset} title={title} fill />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The file at a size its container sets: `fill` shows an image at its natural size and a PDF at
 * the container's full height; otherwise both fit a column (the compare view).
 */
export function FileView({ asset, title, fill = false }: { asset: AssetDto; title: string; fill?: boolean }) {
  const kind = previewKind(asset.fileType);
  const src = assetFileUrl(asset.id, true);
  if (kind === 'image') {
    return (
      <img src={src} alt={title} className={fill ? 'mx-auto max-w-none p-4' : 'mx-auto max-h-[65vh] w-auto max-w-full object-contain'} />
    );
  }
  if (kind === 'pdf') {
    // The browser's own viewer; same-origin frames are allowed by the app's CSP (frame-src 'self').
    return <iframe src={src} title={title} className={fill ? 'h-full min-h-[60vh] w-full' : 'h-[65vh] w-full'} />;
  }
  return <DownloadCard asset={asset} note="This file type has no preview." />;
}
