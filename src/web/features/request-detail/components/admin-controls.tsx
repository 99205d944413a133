import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { useState } from 'react';
import type { RequestDetail, UpdateRequestBody } from '@shared/api/request-detail';
import { countUnfinishedItems } from '@shared/domain/request-status';
import { PRIORITIES, SELECTABLE_REQUEST_STATUSES, statusLabel } from '@shared/domain/statuses';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/input';
import { useArchiveRequest, type ArchiveKind } from '../api/archive-request';
import { useDeleteRequest } from '../api/delete-request';
import { useUpdateRequest } from '../api/update-request';
import { drawerFeedback } from './drawer-feedback';

const SELECT = 'block h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm';

/** Admin controls, coordinator and above (guide/administration.md#admin-settings): status, coordinator, priority, archive, delete. */
export function AdminControls({ detail, onDeleted }: { detail: RequestDetail; onDeleted: () => void }) {
  // One field per change, so one toast each.
  const status = useUpdateRequest(detail.id, drawerFeedback('Status update'));
  const coordinator = useUpdateRequest(detail.id, drawerFeedback('Coordinator update'));
  const priority = useUpdateRequest(detail.id, drawerFeedback('Priority update'));
  const save = (m: typeof status, change: Omit<UpdateRequestBody, 'version'>) =>
    m.mutate({ ...change, version: detail.version } as UpdateRequestBody);
  const selectable = SELECTABLE_REQUEST_STATUSES as readonly string[];
  return (
    <section aria-labelledby="admin-controls-heading" className="space-y-3">
      <h2 id="admin-controls-heading" className="text-sm font-semibold text-slate-900">
        Admin Controls
      </h2>
      <div>
        <Label htmlFor="admin-status">Status</Label>
        <select
          id="admin-status"
          className={SELECT}
          value={detail.status}
          disabled={status.isPending}
          onChange={(e) => save(status, { status: e.target.value as UpdateRequestBody['status'] })}
        >
          {!selectable.includes(detail.status) && (
            <option value={detail.status} disabled>
              {statusLabel(detail.status)}
            </option>
          )}
          {SELECTABLE_REQUEST_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Label htmlFor="admin-coordinator">Coordinator</Label>
        <select
          id="admin-coordinator"
          className={SELECT}
          value={detail.coordinator?.id ?? ''}
          disabled={coordinator.isPending}
          onChange={(e) => save(coordinator, { currentCoordinatorId: e.target.value || null })}
        >
          <option value="">Unassigned</option>
          {detail.coordinator && !detail.coordinatorCandidates.some((c) => c.id === detail.coordinator!.id) && (
            <option value={detail.coordinator.id}>{detail.coordinator.fullName}</option>
          )}
          {detail.coordinatorCandidates.map((c) => (
            <option key={c.id} value={c.id}>
              {c.fullName}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Label htmlFor="admin-priority">Priority</Label>
        <select
          id="admin-priority"
          className={SELECT}
          value={detail.priority}
          disabled={priority.isPending}
          onChange={(e) => save(priority, { priority: e.target.value as UpdateRequestBody['priority'] })}
        >
          {PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {statusLabel(p)}
            </option>
          ))}
        </select>
      </div>
      <ArchiveButtons requestId={detail.id} archived={detail.archivedAt !== null} unfinished={countUnfinishedItems(detail.items)} />
      <DeleteButton requestId={detail.id} title={detail.eventTitle} onDeleted={onDeleted} />
    </section>
  );
}

function Confirm({
  trigger,
  title,
  description,
  confirm,
  destructive,
  onConfirm,
}: {
  trigger: React.ReactNode;
  title: string;
  description: React.ReactNode;
  confirm: string;
  destructive?: boolean;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      trigger={trigger}
      title={title}
      description={description}
      confirm={confirm}
      destructive={destructive}
      onConfirm={onConfirm}
    />
  );
}

const ARCHIVE_LABEL: Record<ArchiveKind, string> = { recurring: 'Archive as Recurring', onetime: 'Archive as One-Time' };
const ARCHIVE_WHERE: Record<ArchiveKind, string> = {
  recurring: 'The request moves to the Recurring Events archive, where it can be duplicated next time.',
  onetime: 'The request moves to the One-Time Events archive and leaves the active lists.',
};

/** "3 items are not finished yet ...": the warning before archiving unfinished work (decision 0007). */
export function unfinishedWarning(count: number): string {
  const items = count === 1 ? '1 item is' : `${count} items are`;
  return `${items} not finished yet (not approved, published or complete).`;
}

/**
 * Archiving asks to confirm; when items are unfinished it says how many first. Once archived the
 * request is read-only for everyone but admins, and the dialog says so.
 */
function ArchiveButtons({ requestId, archived, unfinished }: { requestId: string; archived: boolean; unfinished: number }) {
  const archive = useArchiveRequest(requestId, drawerFeedback('Archive'));
  if (archived) return <p className="text-sm text-slate-500">This request is archived.</p>;
  return (
    <div className="flex flex-wrap gap-2">
      {(['recurring', 'onetime'] as const).map((kind) => (
        <Confirm
          key={kind}
          trigger={
            <Button variant="outline" size="sm" disabled={archive.isPending}>
              {ARCHIVE_LABEL[kind]}
            </Button>
          }
          title={`${ARCHIVE_LABEL[kind]}?`}
          description={
            <>
              {unfinished > 0 && <p className="font-medium text-amber-800">{unfinishedWarning(unfinished)}</p>}
              <p>{ARCHIVE_WHERE[kind]}</p>
              <p>Once archived, only an admin can change it.</p>
            </>
          }
          confirm={unfinished > 0 ? 'Archive Anyway' : 'Archive'}
          onConfirm={() => archive.mutate(kind)}
        />
      ))}
    </div>
  );
}

function DeleteButton({ requestId, title, onDeleted }: { requestId: string; title: string; onDeleted: () => void }) {
  const [done, setDone] = useState(false);
  const remove = useDeleteRequest(
    requestId,
    drawerFeedback('Delete', {
      then: () => {
        setDone(true);
        onDeleted();
      },
    }),
  );
  return (
    <Confirm
      trigger={
        <Button variant="destructive" size="sm" disabled={remove.isPending || done}>
          Delete Request
        </Button>
      }
      title="Delete this request?"
      description={`${title} and all its items, files, messages and activity will be removed. This cannot be undone.`}
      confirm="Delete"
      destructive
      onConfirm={() => remove.mutate(undefined)}
    />
  );
}
