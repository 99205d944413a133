import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { AssetDto, DetailItem, RequestDetail } from '@shared/api/request-detail';
import { PROOF_READY_FROM, type ManualItemStatus } from '@shared/domain/request-permissions';
import { statusLabel, type ItemStatus } from '@shared/domain/statuses';
import { TASK_MESSAGES } from '@shared/api/tasks';
import { Button } from '@web/components/ui/button';
import { FileDropZone } from '@web/components/ui/file-drop-zone';
import { Badge, StatusBadge } from '@web/components/ui/status-badge';
import { EmptyState } from '@web/components/ui/states';
import { useChannelLabel } from '@web/lib/church-config';
import { useCurrentUser } from '@web/features/auth';
import { AnswerControls, AssigneePicker, ResponseBadge } from '@web/features/people';
import { useApproveProof } from '../api/approve-proof';
import { useAssignees } from '../api/get-assignees';
import { useMarkProofReady } from '../api/mark-proof-ready';
import { useReassignItem } from '../api/reassign-item';
import { useSetItemStatus } from '../api/set-item-status';
import { ACCEPT_ATTRIBUTE, ACCEPT_HINT, useUploadAsset } from '../api/upload-asset';
import { drawerFeedback, uploadFeedback } from './drawer-feedback';
import { formatDate, formatDateTime } from './format';
import { ProofCompare } from './proof-compare-dialog';
import { ProofPreview, proofTitle } from './proof-preview';
import { ProofVersions } from './proof-versions';

// The form and its schema load after the drawer: the checks are not on its first paint.
const RequestChangesDialog = lazy(() => import('./request-changes-dialog'));

/** The Items tab (guide/proofs.md#the-proof-loop): each channel item with its state and the proof loop's actions. */
export function ItemsTab({ detail, focusItemId }: { detail: RequestDetail; focusItemId?: string | null }) {
  const canReassign = detail.items.some((i) => i.allowedActions.canReassign);
  const assignees = useAssignees(canReassign);
  if (detail.items.length === 0) return <EmptyState>No items on this request.</EmptyState>;
  return (
    <ul className="space-y-3" aria-label="Items">
      {detail.items.map((item) => (
        <ItemCard
          key={item.id}
          requestId={detail.id}
          item={item}
          proofs={item.proofs}
          assignees={assignees.data ?? []}
          focused={item.id === focusItemId}
        />
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
  proofs,
  assignees,
  focused = false,
}: {
  requestId: string;
  item: DetailItem;
  proofs: AssetDto[];
  assignees: Array<{ id: string; fullName: string }>;
  /** Opened from a card or a notification about this item: it is brought into view, its proof first. */
  focused?: boolean;
}) {
  const channel = useChannelLabel()(item.channel);
  const a = item.allowedActions;
  const latest = proofs[0];
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!focused || !ref.current) return;
    // The item's top: its name, then its latest proof right below.
    ref.current.scrollIntoView?.({ block: 'start' });
    ref.current.focus({ preventScroll: true });
  }, [focused]);
  return (
    <li
      ref={ref}
      tabIndex={focused ? -1 : undefined}
      aria-current={focused ? 'true' : undefined}
      data-item-id={item.id}
      className={`rounded-lg border p-4 focus:outline-none ${focused ? 'border-brand-600 ring-2 ring-brand-600/30' : 'border-slate-200'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-medium text-slate-900">{channel}</h3>
          <p className="mt-0.5 text-sm text-slate-600">
            Assignee: {item.assignee?.fullName ?? 'Unassigned'} · Due {formatDate(item.dueDate)}
            {item.latestProofVersion !== null && ` · Proof v${item.latestProofVersion}`}
          </p>
          <ItemAnswer item={item} channel={channel} />
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
      {latest && <ProofReview item={item} proofs={proofs} />}
      <div className="mt-3 flex flex-wrap items-end gap-2 empty:hidden">
        {a.canMarkProofReady && <MarkReady item={item} />}
        {/* A proof row whose file is not listed: the review still happens, without a preview. */}
        {a.canReviewProof && !latest && <ReviewActions item={item} />}
        {a.canSetStatus && <StatusMover item={item} />}
        {a.canReassign && assignees.length > 0 && <Reassign item={item} assignees={assignees} />}
      </div>
      {item.status === 'proof_ready' && item.latestProofVersion === null && (
        <p role="status" className="mt-2 text-sm text-amber-800">
          A proof is missing: this item is marked Proof Ready but has no proof to approve yet.
        </p>
      )}
      {a.canUploadProof && <ProofUpload requestId={requestId} item={item} nextVersion={(item.latestProofVersion ?? 0) + 1} />}
      {a.canUploadProof && item.latestProofVersion === null && PROOF_READY_FROM.includes(item.status as ItemStatus) && (
        <p className="mt-2 text-xs text-slate-500">Upload a proof to mark this item ready for review.</p>
      )}
    </li>
  );
}

/**
 * The latest proof where it is judged: the preview with Approve and Request Changes
 * beside it (below it on a phone), comparing versions, and every earlier version listed.
 */
function ProofReview({ item, proofs }: { item: DetailItem; proofs: AssetDto[] }) {
  const channel = useChannelLabel()(item.channel);
  const latest = proofs[0];
  return (
    <section aria-label={`Proof for ${channel}`} className="mt-3">
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem]">
        <ProofPreview asset={latest} title={proofTitle(channel, latest)} />
        <div className="flex flex-col gap-2">
          <div>
            <p className="text-sm font-medium text-slate-900">Proof v{latest.versionNumber}</p>
            <p className="text-xs text-slate-500">
              {formatDateTime(latest.createdAt)}
              {latest.uploader && ` · ${latest.uploader.fullName}`}
            </p>
          </div>
          {item.allowedActions.canReviewProof && <ReviewActions item={item} />}
          {proofs.length > 1 && <ProofCompare proofs={proofs} channelLabel={channel} />}
        </div>
      </div>
      {proofs.length > 1 && <ProofVersions proofs={proofs} channelLabel={channel} />}
    </section>
  );
}

function ProofUpload({ requestId, item, nextVersion }: { requestId: string; item: DetailItem; nextVersion: number }) {
  const channel = useChannelLabel()(item.channel);
  const { upload, progress, file, uploading } = useUploadAsset(requestId, uploadFeedback);
  return (
    <div className="mt-3">
      <FileDropZone
        id={`proof-${item.id}`}
        label={`Upload proof v${nextVersion}`}
        browseText="Upload Proof"
        browseLabel={`Upload proof for ${channel}`}
        accept={ACCEPT_ATTRIBUTE}
        hint={ACCEPT_HINT}
        file={file}
        progress={progress}
        disabled={uploading}
        onFile={(chosen) => void upload(chosen, item.id)}
      />
    </div>
  );
}

function MarkReady({ item }: { item: DetailItem }) {
  const mark = useMarkProofReady(drawerFeedback('Mark Ready for Proof'));
  return (
    <Button size="sm" disabled={mark.isPending} onClick={() => mark.mutate(item.id)}>
      Mark Ready for Proof
    </Button>
  );
}

function ReviewActions({ item }: { item: DetailItem }) {
  const channel = useChannelLabel()(item.channel);
  const approve = useApproveProof(drawerFeedback('Proof approval'));
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" disabled={approve.isPending} onClick={() => approve.mutate(item.id)}>
        Approve Proof
      </Button>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        Request Changes
      </Button>
      <Suspense fallback={null}>
        <RequestChangesDialog itemId={item.id} channelLabel={channel} open={open} onOpenChange={setOpen} />
      </Suspense>
    </>
  );
}

function StatusMover({ item }: { item: DetailItem }) {
  const channel = useChannelLabel()(item.channel);
  const move = useSetItemStatus(drawerFeedback('Item status update'));
  const id = `item-status-${item.id}`;
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        Set status of {channel}
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

/**
 * The assignee's answer on the item (guide/sunday-planning.md#answering-an-assignment): the
 * assignee accepts or declines here; everyone else sees its state. Nothing for unassigned work.
 */
function ItemAnswer({ item, channel }: { item: DetailItem; channel: string }) {
  const me = useCurrentUser();
  if (!item.assignee) return null;
  return (
    <div className="mt-1">
      {item.assignee.id === me?.id ? (
        <AnswerControls kind="item" id={item.id} title={channel} response={item.response} reason={item.responseReason} />
      ) : (
        <ResponseBadge response={item.response} reason={item.responseReason} />
      )}
    </div>
  );
}

/**
 * The item's assignee, saved when chosen: each person marked for the item's due date (blocked out,
 * declined, full that week) and someone blocked out assigned only once confirmed
 * (guide/sunday-planning.md#blockout-dates).
 */
function Reassign({ item, assignees }: { item: DetailItem; assignees: Array<{ id: string; fullName: string }> }) {
  const channel = useChannelLabel()(item.channel);
  const { onSuccess, onError } = drawerFeedback('Reassignment', { failure: TASK_MESSAGES.reassignmentFailed });
  const reassign = useReassignItem({ onSuccess });
  return (
    <AssigneePicker
      id={`item-assignee-${item.id}`}
      label={`Assignee of ${channel}`}
      className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm"
      date={item.dueDate}
      people={assignees}
      assignee={item.assignee}
      save={(assigneeId, confirmBlockout) => reassign.mutateAsync({ itemId: item.id, assigneeId, confirmBlockout })}
      onError={onError}
    />
  );
}
