import { useRef, useState } from 'react';
import type { DetailItem, RequestDetail } from '@shared/api/request-detail';
import { PROOF_READY_FROM, type ManualItemStatus } from '@shared/domain/request-permissions';
import { statusLabel, type ItemStatus } from '@shared/domain/statuses';
import { Button } from '@web/components/ui/button';
import { Badge, StatusBadge } from '@web/components/ui/status-badge';
import { EmptyState } from '@web/components/ui/states';
import { useApproveProof } from '../api/approve-proof';
import { useAssignees } from '../api/get-assignees';
import { useMarkProofReady } from '../api/mark-proof-ready';
import { useReassignItem } from '../api/reassign-item';
import { useSetItemStatus } from '../api/set-item-status';
import { ACCEPT_ATTRIBUTE, useUploadAsset } from '../api/upload-asset';
import { formatDate } from './format';
import { RequestChangesDialog } from './request-changes-dialog';

/** The Items tab (DESIGN 5.4): each channel item with its state and the proof loop's actions. */
export function ItemsTab({ detail }: { detail: RequestDetail }) {
  const canReassign = detail.items.some((i) => i.allowedActions.canReassign);
  const assignees = useAssignees(canReassign);
  if (detail.items.length === 0) return <EmptyState>No items on this request.</EmptyState>;
  return (
    <ul className="space-y-3" aria-label="Items">
      {detail.items.map((item) => (
        <ItemCard key={item.id} requestId={detail.id} item={item} assignees={assignees.data ?? []} />
      ))}
    </ul>
  );
}

const ADDITIONAL_LABEL: Record<string, string> = {
  pending: 'Additional request: Pending approval',
  approved: 'Additional request: Approved',
  rejected: 'Additional request: Rejected',
};

function ItemCard({
  requestId,
  item,
  assignees,
}: {
  requestId: string;
  item: DetailItem;
  assignees: Array<{ id: string; fullName: string }>;
}) {
  const a = item.allowedActions;
  return (
    <li className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-medium text-slate-900">{item.channelLabel}</h3>
          <p className="mt-0.5 text-sm text-slate-600">
            Assignee: {item.assignee?.fullName ?? 'Unassigned'} · Due {formatDate(item.dueDate)}
            {item.latestProofVersion !== null && ` · Proof v${item.latestProofVersion}`}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {item.isAdditionalRequest && item.additionalRequestStatus && (
            <Badge className={item.additionalRequestStatus === 'rejected' ? 'bg-red-100 text-red-800' : ''}>
              {ADDITIONAL_LABEL[item.additionalRequestStatus] ?? item.additionalRequestStatus}
            </Badge>
          )}
          <StatusBadge status={item.status} />
        </div>
      </div>
      {item.rejectionReason && (
        <p className="mt-2 text-sm text-red-700">
          <span className="font-medium">Rejection reason:</span> {item.rejectionReason}
        </p>
      )}
      {item.publishedUrl && (
        <p className="mt-2 text-sm">
          Published:{' '}
          <a href={item.publishedUrl} target="_blank" rel="noreferrer noopener" className="text-brand-600 hover:underline">
            {item.publishedUrl}
          </a>
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-end gap-2">
        {a.canUploadProof && <ProofUpload requestId={requestId} item={item} />}
        {a.canMarkProofReady && <MarkReady item={item} />}
        {a.canReviewProof && <ReviewActions item={item} />}
        {a.canSetStatus && <StatusMover item={item} />}
        {a.canReassign && assignees.length > 0 && <Reassign item={item} assignees={assignees} />}
      </div>
      {a.canUploadProof && item.latestProofVersion === null && PROOF_READY_FROM.includes(item.status as ItemStatus) && (
        <p className="mt-2 text-xs text-slate-500">Upload a proof to mark this item ready for review.</p>
      )}
    </li>
  );
}

function ProofUpload({ requestId, item }: { requestId: string; item: DetailItem }) {
  const input = useRef<HTMLInputElement>(null);
  const { upload, progress, uploading } = useUploadAsset(requestId);
  const id = `proof-${item.id}`;
  return (
    <div className="flex items-center gap-2">
      <input
        ref={input}
        id={id}
        type="file"
        accept={ACCEPT_ATTRIBUTE}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={async (e) => {
          const file = e.target.files?.[0];
          if (file) await upload(file, item.id);
          if (input.current) input.current.value = '';
        }}
      />
      <Button variant="outline" size="sm" disabled={uploading} onClick={() => input.current?.click()} aria-label={`Upload proof for ${item.channelLabel}`}>
        {uploading ? `Uploading ${Math.round((progress ?? 0) * 100)}%` : 'Upload Proof'}
      </Button>
    </div>
  );
}

function MarkReady({ item }: { item: DetailItem }) {
  const mark = useMarkProofReady();
  return (
    <Button size="sm" disabled={mark.isPending} onClick={() => mark.mutate(item.id)}>
      Mark Ready for Proof
    </Button>
  );
}

function ReviewActions({ item }: { item: DetailItem }) {
  const approve = useApproveProof();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" disabled={approve.isPending} onClick={() => approve.mutate(item.id)}>
        Approve Proof
      </Button>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        Request Changes
      </Button>
      <RequestChangesDialog itemId={item.id} channelLabel={item.channelLabel} open={open} onOpenChange={setOpen} />
    </>
  );
}

function StatusMover({ item }: { item: DetailItem }) {
  const move = useSetItemStatus();
  const id = `item-status-${item.id}`;
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        Set status of {item.channelLabel}
      </label>
      <select
        id={id}
        value=""
        disabled={move.isPending}
        onChange={(e) => e.target.value && move.mutate({ itemId: item.id, status: e.target.value as ManualItemStatus })}
        className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm"
      >
        <option value="">Set status…</option>
        {item.allowedActions.nextStatuses.map((s) => (
          <option key={s} value={s}>
            {statusLabel(s)}
          </option>
        ))}
      </select>
    </div>
  );
}

function Reassign({ item, assignees }: { item: DetailItem; assignees: Array<{ id: string; fullName: string }> }) {
  const reassign = useReassignItem();
  const id = `item-assignee-${item.id}`;
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        Assignee of {item.channelLabel}
      </label>
      <select
        id={id}
        value={item.assignee?.id ?? ''}
        disabled={reassign.isPending}
        onChange={(e) => reassign.mutate({ itemId: item.id, assigneeId: e.target.value || null })}
        className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm"
      >
        <option value="">Unassigned</option>
        {assignees.map((u) => (
          <option key={u.id} value={u.id}>
            {u.fullName}
          </option>
        ))}
      </select>
    </div>
  );
}
