import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useCallback } from 'react';
import { SUNDAY_MEDIA_MESSAGES as M, videoCounts, type VideosResponse } from '@shared/api/sunday-media';
import { VIDEO_STATUSES, VIDEO_TYPES } from '@shared/domain/planning';
import { Button } from '@web/components/ui/button';
import { FieldError, Input, Label, Textarea } from '@web/components/ui/input';
import { EmptyState, ErrorState, LoadingState } from '@web/components/ui/states';
import { useUnsavedGuard } from '@web/components/ui/unsaved-guard';
import { videosQuery } from './api/get-videos';
import { saveVideos } from './api/save-videos';
import { MediaCard } from './media-card';
import { moveItem } from './move-item';
import { LockedNotice, SaveProblemBanner } from './save-problem';
import { OwnerField, type SavedOwner } from '../owner-field';
import { SelectField } from './select-field';
import { newKey, stageDelete, useDraft } from './use-draft';
import { useTabSave } from './use-tab-save';
import { useRegisterGuard, type TabProps } from './tab-props';

export const VIDEO_TYPE_LABELS: Record<(typeof VIDEO_TYPES)[number], string> = {
  impact_in_one: 'Impact in One',
  promo: 'Promo',
  story: 'Story',
  mission: 'Mission',
  announcement: 'Announcement',
  testimony: 'Testimony',
  other: 'Other',
};
export const VIDEO_STATUS_LABELS: Record<(typeof VIDEO_STATUSES)[number], string> = {
  planned: 'Planned',
  in_production: 'In Production',
  review: 'Review',
  ready: 'Ready',
  scheduled: 'Scheduled',
  played: 'Played',
};

interface VideoRow {
  key: string;
  id?: string;
  title: string;
  type: (typeof VIDEO_TYPES)[number];
  ministryId: string;
  description: string;
  status: (typeof VIDEO_STATUSES)[number];
  ownerId: string;
  /** As typed: whole seconds, or empty for unknown. */
  duration: string;
  /** The owner it was saved with and their answer; null before its first save. */
  saved: SavedOwner | null;
}
interface VideosDraft {
  videos: VideoRow[];
  deleted: string[];
}

const toDraft = (data: VideosResponse): VideosDraft => ({
  videos: data.videos.map((v) => ({
    key: v.id,
    id: v.id,
    title: v.title,
    type: v.type,
    ministryId: v.ministryId ?? '',
    description: v.description ?? '',
    status: v.status,
    ownerId: v.ownerId ?? '',
    duration: v.durationSeconds === null ? '' : String(v.durationSeconds),
    saved: v.ownerId ? { ownerId: v.ownerId, response: v.response, reason: v.responseReason } : null,
  })),
  deleted: [],
});

const blankVideo = (): VideoRow => ({
  key: newKey('video'),
  title: '',
  type: 'announcement',
  ministryId: '',
  description: '',
  status: 'planned',
  ownerId: '',
  duration: '',
  saved: null,
});

const WHOLE_SECONDS = /^\d{1,5}$/;

/** Per row, the field errors that stop a save: a title is required; a duration is whole seconds from 0. */
function rowErrors(row: VideoRow): { title?: string; duration?: string } {
  const errors: { title?: string; duration?: string } = {};
  if (!row.title.trim()) errors.title = M.titleRequired;
  if (row.duration.trim() && !WHOLE_SECONDS.test(row.duration.trim())) errors.duration = 'Enter whole seconds (0 or more).';
  return errors;
}

/** Sunday Videos (guide/sunday-planning.md#the-media-editor): the videos of the service in order, with their counts. */
export function VideosTab({ sundayDate, registerGuard }: TabProps) {
  const query = useQuery(videosQuery(sundayDate));
  const { draft, origin, dirty, update, reset } = useDraft(query.data, toDraft);
  const { problem, saving, showErrors, setShowErrors, run, reload, blockoutDialog } = useTabSave({
    query,
    queryKey: videosQuery(sundayDate).queryKey,
    reset,
    savedTitle: M.changesSaved,
    failedTitle: M.errorSavingChanges,
    refetchOnFailure: (err) => err instanceof Error && problemIsLock(err),
  });
  const data = query.data;
  const canEdit = !!data?.canEdit && problem?.kind !== 'locked';

  const save = useCallback(async (): Promise<boolean> => {
    if (!data || !draft || !origin) return false;
    if (draft.videos.some((v) => Object.keys(rowErrors(v)).length)) {
      setShowErrors(true);
      return false;
    }
    return run((confirmBlockout) =>
      saveVideos(sundayDate, {
        version: origin.version,
        videos: draft.videos.map((v, i) => ({
          ...(v.id ? { id: v.id } : {}),
          title: v.title.trim(),
          type: v.type,
          ministryId: v.ministryId || null,
          description: v.description.trim() ? v.description : null,
          status: v.status,
          ownerId: v.ownerId || null,
          durationSeconds: v.duration.trim() ? Number(v.duration) : null,
          orderInService: i,
        })),
        deleted: draft.deleted,
        ...(confirmBlockout ? { confirmBlockout } : {}),
      }),
    );
  }, [data, draft, origin, run, setShowErrors, sundayDate]);

  const guard = useUnsavedGuard({ dirty, save });
  useRegisterGuard(registerGuard, guard.requestClose);

  if (query.isPending) return <LoadingState />;
  if (query.isError || !data || !draft) return <ErrorState message={M.errorFetching} onRetry={() => void query.refetch()} />;

  const counts = videoCounts(draft.videos.map((v) => v.status));
  const change = (key: string, patch: Partial<VideoRow>) =>
    update((d) => ({ ...d, videos: d.videos.map((v) => (v.key === key ? { ...v, ...patch } : v)) }));
  const remove = (row: VideoRow) =>
    update((d) => {
      const staged = stageDelete(d.videos, d.deleted, (v) => v.key === row.key, row.id);
      return { videos: staged.list, deleted: staged.deleted };
    });
  const ministryOptions = withCurrent(
    data.ministries.map((m) => ({ id: m.id, label: m.name })),
    data.videos.map((v) => (v.ministryId ? { id: v.ministryId, label: v.ministryName ?? 'Ministry' } : null)),
  );
  const ownerOptions = withCurrent(
    data.owners.map((o) => ({ id: o.id, label: o.fullName })),
    data.videos.map((v) => (v.ownerId ? { id: v.ownerId, label: v.ownerName ?? 'Former member' } : null)),
  );

  return (
    <section aria-labelledby="videos-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="videos-heading" className="text-base font-semibold text-slate-900">
          {M.videosTitle}
        </h3>
        <p className="text-sm text-slate-600" aria-label="Video counts">
          <span className="font-medium text-green-700">{counts.ready} ready</span> ·{' '}
          <span className="font-medium text-amber-700">{counts.inProgress} in progress</span> ·{' '}
          <span className="font-medium text-slate-700">{counts.planned} planned</span>
        </p>
      </div>
      <LockedNotice show={data.isLocked && !canEdit} />
      <SaveProblemBanner problem={problem} onReload={() => void reload()} reloading={query.isFetching} />
      {draft.videos.length === 0 ? (
        <EmptyState>{M.noVideos}</EmptyState>
      ) : (
        <ol className="space-y-3" aria-label="Videos in service order">
          {draft.videos.map((row, i) => (
            <VideoCard
              key={row.key}
              sundayDate={sundayDate}
              row={row}
              position={i}
              total={draft.videos.length}
              canEdit={canEdit}
              errors={showErrors ? rowErrors(row) : {}}
              ministries={ministryOptions}
              owners={ownerOptions}
              onChange={(patch) => change(row.key, patch)}
              onMove={(by) => update((d) => ({ ...d, videos: moveItem(d.videos, i, by) }))}
              onRemove={() => remove(row)}
            />
          ))}
        </ol>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 pt-4">
        <Button variant="outline" onClick={() => update((d) => ({ ...d, videos: [...d.videos, blankVideo()] }))} disabled={!canEdit}>
          <Plus className="h-4 w-4" aria-hidden /> Add Video
        </Button>
        <Button onClick={() => void save()} disabled={!canEdit || !dirty || saving}>
          {saving ? 'Saving...' : 'Save Videos'}
        </Button>
      </div>
      {guard.dialog}
      {blockoutDialog}
    </section>
  );
}

const problemIsLock = (err: Error) => (err as { code?: string }).code === 'sunday_locked';

type Option = { id: string; label: string };
/** The picker's options plus any value already on a row that is no longer offered (a deactivated owner). */
function withCurrent(options: Option[], current: Array<Option | null>): Option[] {
  const ids = new Set(options.map((o) => o.id));
  const extra = current.filter((o): o is Option => !!o && !ids.has(o.id) && (ids.add(o.id), true));
  return [...options, ...extra];
}

interface VideoCardProps {
  sundayDate: string;
  row: VideoRow;
  position: number;
  total: number;
  canEdit: boolean;
  errors: { title?: string; duration?: string };
  ministries: Option[];
  owners: Option[];
  onChange: (patch: Partial<VideoRow>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

function VideoCard({ sundayDate, row, position, total, canEdit, errors, ministries, owners, onChange, onMove, onRemove }: VideoCardProps) {
  const id = (field: string) => `video-${row.key}-${field}`;
  const name = row.title.trim() || `video ${position + 1}`;
  return (
    <MediaCard
      heading={<span className="text-sm font-medium text-slate-500">#{position + 1} in service</span>}
      name={name}
      canEdit={canEdit}
      order={{ position, total, onMove }}
      onDelete={onRemove}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <Label htmlFor={id('title')}>Title</Label>
          <Input
            id={id('title')}
            value={row.title}
            maxLength={200}
            disabled={!canEdit}
            aria-invalid={!!errors.title}
            aria-describedby={errors.title ? id('title-error') : undefined}
            onChange={(e) => onChange({ title: e.target.value })}
          />
          <FieldError id={id('title-error')} message={errors.title} />
        </div>
        <SelectField
          id={id('type')}
          label="Type"
          value={row.type}
          options={VIDEO_TYPES.map((t) => ({ value: t, label: VIDEO_TYPE_LABELS[t] }))}
          disabled={!canEdit}
          onChange={(type) => onChange({ type })}
        />
        <SelectField
          id={id('status')}
          label="Status"
          value={row.status}
          options={VIDEO_STATUSES.map((s) => ({ value: s, label: VIDEO_STATUS_LABELS[s] }))}
          disabled={!canEdit}
          onChange={(status) => onChange({ status })}
        />
        <SelectField
          id={id('ministry')}
          label="Ministry"
          value={row.ministryId}
          options={ministries.map((m) => ({ value: m.id, label: m.label }))}
          emptyLabel="None"
          disabled={!canEdit}
          onChange={(ministryId) => onChange({ ministryId })}
        />
        <OwnerField
          id={id('owner')}
          sundayDate={sundayDate}
          kind="video"
          itemId={row.id ?? null}
          title={name}
          value={row.ownerId}
          owners={owners}
          canEdit={canEdit}
          saved={row.saved}
          onChange={(ownerId) => onChange({ ownerId })}
        />
        <div>
          <Label htmlFor={id('duration')}>Duration (seconds)</Label>
          <Input
            id={id('duration')}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={row.duration}
            disabled={!canEdit}
            aria-invalid={!!errors.duration}
            aria-describedby={errors.duration ? id('duration-error') : undefined}
            onChange={(e) => onChange({ duration: e.target.value })}
          />
          <FieldError id={id('duration-error')} message={errors.duration} />
        </div>
        <div className="sm:col-span-2">
          <Label htmlFor={id('description')}>Description</Label>
          <Textarea
            id={id('description')}
            rows={2}
            value={row.description}
            disabled={!canEdit}
            onChange={(e) => onChange({ description: e.target.value })}
          />
        </div>
      </div>
    </MediaCard>
  );
}
