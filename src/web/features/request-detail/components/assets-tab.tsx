import type { RequestDetail } from '@shared/api/request-detail';
import { EmptyState } from '@web/components/ui/states';
import { formatBytes, formatDateTime } from './format';

/** The Assets tab: every file with its version, size and uploader, downloaded through the authorized route. */
export function AssetsTab({ detail }: { detail: RequestDetail }) {
  if (detail.assets.length === 0) return <EmptyState>No assets uploaded yet.</EmptyState>;
  const channelOf = new Map(detail.items.map((i) => [i.id, i.channelLabel]));
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
          <tr>
            <th scope="col" className="py-2 pr-3">File</th>
            <th scope="col" className="py-2 pr-3">Version</th>
            <th scope="col" className="py-2 pr-3">Size</th>
            <th scope="col" className="py-2 pr-3">Uploaded by</th>
            <th scope="col" className="py-2">Uploaded</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {detail.assets.map((a) => (
            <tr key={a.id}>
              <td className="py-2 pr-3">
                <a href={`/api/assets/${a.id}/download`} download className="font-medium text-brand-600 hover:underline">
                  {a.fileName}
                </a>
                {a.itemId && <div className="text-xs text-slate-500">Proof for {channelOf.get(a.itemId) ?? 'an item'}</div>}
              </td>
              <td className="py-2 pr-3">v{a.versionNumber}</td>
              <td className="py-2 pr-3">{formatBytes(a.fileSize)}</td>
              <td className="py-2 pr-3">{a.uploader?.fullName ?? 'Unknown'}</td>
              <td className="py-2">{formatDateTime(a.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
