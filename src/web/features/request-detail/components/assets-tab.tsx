import { File as FileIcon, FileSpreadsheet, FileText } from 'lucide-react';
import { useState } from 'react';
import type { AssetDto, RequestDetail } from '@shared/api/request-detail';
import { previewKind } from '@shared/domain/file-preview';
import { DataTable } from '@web/components/ui/data-table';
import { EmptyState } from '@web/components/ui/states';
import { useChannelLabel } from '@web/lib/church-config';
import { assetFileUrl } from '../api/asset-file-url';
import { useDetailList } from '../api/get-detail-page';
import { formatBytes, formatDateTime } from './format';
import { ShowMore } from './show-more';

/**
 * The Assets tab: the files newest first with their version, size and uploader, downloaded
 * through the authorized route; older files on "Show more" (decision 0029).
 */
export function AssetsTab({ detail }: { detail: RequestDetail }) {
  const assets = useDetailList(detail, 'assets');
  const channelLabel = useChannelLabel();
  if (assets.entries.length === 0) return <EmptyState>No assets uploaded yet.</EmptyState>;
  const channelOf = new Map(detail.items.map((i) => [i.id, channelLabel(i.channel)]));
  return (
    <div className="overflow-x-auto">
      <DataTable
        headClassName="border-b border-slate-200 text-xs uppercase text-slate-500"
        headerCellClassName="py-2"
        cellClassName="py-2"
        rows={assets.entries}
        rowKey={(a) => a.id}
        columns={[
          {
            key: 'file',
            header: 'File',
            headerClassName: 'pr-3',
            className: 'pr-3',
            cell: (a) => (
              <div className="flex items-center gap-3">
                <Thumbnail asset={a} />
                <div className="min-w-0">
                  <a href={assetFileUrl(a.id)} download className="break-all font-medium text-brand-600 hover:underline">
                    {a.fileName}
                  </a>
                  {a.itemId && <div className="text-xs text-slate-500">Proof for {channelOf.get(a.itemId) ?? 'an item'}</div>}
                </div>
              </div>
            ),
          },
          { key: 'version', header: 'Version', headerClassName: 'pr-3', className: 'pr-3', cell: (a) => `v${a.versionNumber}` },
          { key: 'size', header: 'Size', headerClassName: 'pr-3', className: 'pr-3', cell: (a) => formatBytes(a.fileSize) },
          {
            key: 'uploader',
            header: 'Uploaded by',
            headerClassName: 'pr-3',
            className: 'pr-3',
            cell: (a) => a.uploader?.fullName ?? 'Unknown',
          },
          { key: 'uploaded', header: 'Uploaded', cell: (a) => formatDateTime(a.createdAt) },
        ]}
      />
      <ShowMore list={assets} />
    </div>
  );
}

const SPREADSHEET = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A small picture of an image asset, or its file kind's icon. Decorative: the file name
 * beside it is the link, so the thumbnail has an empty alt and is not announced twice.
 */
function Thumbnail({ asset }: { asset: AssetDto }) {
  const [broken, setBroken] = useState(false);
  const box = 'flex h-10 w-10 shrink-0 items-center justify-center overflow-hidden rounded border border-slate-200 bg-slate-50';
  if (previewKind(asset.fileType) === 'image' && !broken) {
    return (
      <span className={box} data-testid="asset-thumbnail">
        <img
          src={assetFileUrl(asset.id, true)}
          alt=""
          loading="lazy"
          onError={() => setBroken(true)}
          className="h-full w-full object-cover"
        />
      </span>
    );
  }
  const Icon = previewKind(asset.fileType) === 'pdf' ? FileText : asset.fileType === SPREADSHEET ? FileSpreadsheet : FileIcon;
  return (
    <span className={box}>
      <Icon className="h-5 w-5 text-slate-400" aria-hidden />
    </span>
  );
}
