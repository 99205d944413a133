import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useCallback } from 'react';
import { SUNDAY_MEDIA_MESSAGES as M, type SlidesResponse } from '@shared/api/sunday-media';
import { Button } from '@web/components/ui/button';
import { FieldError, Input, Label } from '@web/components/ui/input';
import { EmptyState, ErrorState, LoadingState } from '@web/components/ui/states';
import { useUnsavedGuard } from '@web/components/ui/unsaved-guard';
import { slidesQuery } from './api/get-slides';
import { saveSlides } from './api/save-slides';
import { MediaItemActions } from './media-card';
import { moveItem } from './move-item';
import { LockedNotice, SaveProblemBanner, SELECT } from './save-problem';
import { useRegisterGuard, type TabProps } from './tab-props';
import { newKey, stageDelete, useDraft } from './use-draft';
import { useTabSave } from './use-tab-save';

interface SlideRow {
  key: string;
  id?: string;
  title: string;
  active: boolean;
  /** Weekly slides: who makes it ('' for no one) and whether they have finished it. */
  ownerId: string;
  isComplete: boolean;
}
type Deck = 'recurring' | 'weekly';
interface SlidesDraft {
  recurring: SlideRow[];
  weekly: SlideRow[];
  deleted: string[];
}

const toRows = (list: SlidesResponse['recurring']): SlideRow[] =>
  list.map((s) => ({ key: s.id, id: s.id, title: s.title, active: s.active, ownerId: s.ownerId ?? '', isComplete: s.isComplete }));
const toDraft = (data: SlidesResponse): SlidesDraft => ({ recurring: toRows(data.recurring), weekly: toRows(data.weekly), deleted: [] });
/** A recurring slide is shared by every Sunday and belongs to no one; a weekly one carries its owner. */
const toInput = (rows: SlideRow[], deck: Deck) =>
  rows.map((s, i) => ({
    ...(s.id ? { id: s.id } : {}),
    title: s.title.trim(),
    active: s.active,
    orderIndex: i,
    ...(deck === 'weekly' ? { ownerId: s.ownerId || null, isComplete: s.isComplete } : {}),
  }));

/**
 * The Slide Deck (guide/sunday-planning.md#the-media-editor): Recurring Slides, shared by every Sunday that is not
 * locked, and this Sunday's Weekly Slides (decision 0016). After the lock both are the Sunday's own
 * and only admins change them (decision 0053). Add, rename, activate and reorder (move up and
 * down), give a weekly slide to someone (told as for a video) and mark it done, then save both.
 */
export function SlidesTab({ sundayDate, registerGuard }: TabProps) {
  const query = useQuery(slidesQuery(sundayDate));
  const { draft, origin, dirty, update, reset } = useDraft(query.data, toDraft);
  const { problem, saving, showErrors, setShowErrors, run, reload, blockoutDialog } = useTabSave({
    query,
    queryKey: slidesQuery(sundayDate).queryKey,
    reset,
    savedTitle: M.slidesSaved,
    failedTitle: M.errorSavingSlides,
  });
  const data = query.data;
  const editable: Record<Deck, boolean> = {
    recurring: !!data?.canEditRecurring && problem?.kind !== 'locked',
    weekly: !!data?.canEdit && problem?.kind !== 'locked',
  };

  const save = useCallback(async (): Promise<boolean> => {
    if (!data || !draft || !origin) return false;
    if ([...draft.recurring, ...draft.weekly].some((s) => !s.title.trim())) {
      setShowErrors(true);
      return false;
    }
    // A deck the person may not edit is not sent: the server then leaves it (and its lock) alone.
    const weeklyIds = new Set(origin.weekly.map((s) => s.id));
    return run((confirmBlockout) =>
      saveSlides(sundayDate, {
        version: origin.version,
        recurring: data.canEditRecurring ? toInput(draft.recurring, 'recurring') : [],
        weekly: data.canEdit ? toInput(draft.weekly, 'weekly') : [],
        deleted: draft.deleted.filter((id) => data.canEdit || !weeklyIds.has(id)),
        ...(confirmBlockout ? { confirmBlockout } : {}),
      }),
    );
  }, [data, draft, origin, run, setShowErrors, sundayDate]);

  const guard = useUnsavedGuard({ dirty, save });
  useRegisterGuard(registerGuard, guard.requestClose);

  if (query.isPending) return <LoadingState />;
  if (query.isError || !data || !draft) return <ErrorState message={M.errorFetching} onRetry={() => void query.refetch()} />;

  const deckActions = (deck: Deck) => ({
    onAdd: () =>
      update((d) => ({ ...d, [deck]: [...d[deck], { key: newKey('slide'), title: '', active: true, ownerId: '', isComplete: false }] })),
    onChange: (key: string, patch: Partial<SlideRow>) =>
      update((d) => ({ ...d, [deck]: d[deck].map((s) => (s.key === key ? { ...s, ...patch } : s)) })),
    onMove: (index: number, by: -1 | 1) => update((d) => ({ ...d, [deck]: moveItem(d[deck], index, by) })),
    onRemove: (row: SlideRow) =>
      update((d) => {
        const staged = stageDelete(d[deck], d.deleted, (s) => s.key === row.key, row.id);
        return { ...d, [deck]: staged.list, deleted: staged.deleted };
      }),
  });

  // A weekly slide is given to someone like a video; a former member stays named on their slide.
  const owners = data.owners.map((o) => ({ id: o.id, label: o.fullName }));
  for (const s of data.weekly)
    if (s.ownerId && !owners.some((o) => o.id === s.ownerId)) owners.push({ id: s.ownerId, label: s.ownerName ?? 'Former member' });

  return (
    <section aria-labelledby="slides-heading" className="space-y-5">
      <h3 id="slides-heading" className="text-base font-semibold text-slate-900">
        {M.slidesTitle}
      </h3>
      <LockedNotice show={(data.isLocked || problem?.kind === 'locked') && !editable.weekly} />
      <SaveProblemBanner problem={problem} onReload={() => void reload()} reloading={query.isFetching} />
      <SlideList
        deck="recurring"
        title={M.recurringSlides}
        description={data.isLocked ? (editable.recurring ? M.recurringKeptAdmin : M.recurringKept) : M.recurringShared}
        rows={draft.recurring}
        canEdit={editable.recurring}
        showErrors={showErrors}
        {...deckActions('recurring')}
      />
      <SlideList
        deck="weekly"
        title={M.weeklySlides}
        rows={draft.weekly}
        owners={owners}
        canEdit={editable.weekly}
        showErrors={showErrors}
        {...deckActions('weekly')}
      />
      <div className="flex justify-end border-t border-slate-200 pt-4">
        <Button onClick={() => void save()} disabled={!dirty || saving || (!editable.recurring && !editable.weekly)}>
          {saving ? 'Saving...' : 'Save Slides'}
        </Button>
      </div>
      {guard.dialog}
      {blockoutDialog}
    </section>
  );
}

interface SlideListProps {
  deck: Deck;
  title: string;
  description?: string;
  rows: SlideRow[];
  /** Weekly slides only: who a slide may be given to. */
  owners?: Array<{ id: string; label: string }>;
  canEdit: boolean;
  showErrors: boolean;
  onAdd: () => void;
  onChange: (key: string, patch: Partial<SlideRow>) => void;
  onMove: (index: number, by: -1 | 1) => void;
  onRemove: (row: SlideRow) => void;
}

function SlideList({ deck, title, description, rows, owners, canEdit, showErrors, onAdd, onChange, onMove, onRemove }: SlideListProps) {
  const headingId = `slides-${deck}-heading`;
  const descriptionId = `slides-${deck}-description`;
  return (
    <section
      aria-labelledby={headingId}
      aria-describedby={description ? descriptionId : undefined}
      className="rounded-lg border border-slate-200 p-4"
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <div className="min-w-0">
          <h4 id={headingId} className="font-medium text-slate-900">
            {title}
          </h4>
          {description && (
            <p id={descriptionId} className="mt-0.5 text-sm text-slate-600">
              {description}
            </p>
          )}
        </div>
        <Button size="sm" variant="outline" onClick={onAdd} disabled={!canEdit} aria-label={`Add slide to ${title}`}>
          <Plus className="h-4 w-4" aria-hidden /> Add Slide
        </Button>
      </div>
      {rows.length === 0 ? (
        <EmptyState>{M.noSlides}</EmptyState>
      ) : (
        <ol className="space-y-2" aria-label={title}>
          {rows.map((row, i) => {
            const id = `slide-${row.key}`;
            const name = row.title.trim() || `slide ${i + 1}`;
            const error = showErrors && !row.title.trim() ? M.titleRequired : undefined;
            return (
              <li key={row.key} className="flex flex-wrap items-start gap-2 rounded-md bg-slate-50 p-2 sm:flex-nowrap">
                <div className="min-w-0 flex-1 basis-full sm:basis-auto">
                  <Label htmlFor={`${id}-title`} className="sr-only">
                    {`${title}: slide ${i + 1} title`}
                  </Label>
                  <Input
                    id={`${id}-title`}
                    value={row.title}
                    maxLength={200}
                    placeholder="Slide title"
                    disabled={!canEdit}
                    aria-invalid={!!error}
                    aria-describedby={error ? `${id}-error` : undefined}
                    onChange={(e) => onChange(row.key, { title: e.target.value })}
                    className={row.active ? '' : 'text-slate-500 line-through'}
                  />
                  <FieldError id={`${id}-error`} message={error} />
                </div>
                <label htmlFor={`${id}-active`} className="flex h-10 items-center gap-2 text-sm text-slate-700">
                  <input
                    id={`${id}-active`}
                    type="checkbox"
                    className="h-4 w-4 accent-brand-600"
                    aria-label={`Active: ${name}`}
                    checked={row.active}
                    disabled={!canEdit}
                    onChange={(e) => onChange(row.key, { active: e.target.checked })}
                  />
                  Active
                </label>
                {owners && (
                  <>
                    <select
                      id={`${id}-owner`}
                      aria-label={`Owner of ${name}`}
                      className={`${SELECT} w-auto min-w-[9rem]`}
                      value={row.ownerId}
                      disabled={!canEdit}
                      onChange={(e) => onChange(row.key, { ownerId: e.target.value })}
                    >
                      <option value="">Unassigned</option>
                      {owners.map((o) => (
                        <option key={o.id} value={o.id}>
                          {o.label}
                        </option>
                      ))}
                    </select>
                    <label htmlFor={`${id}-done`} className="flex h-10 items-center gap-2 text-sm text-slate-700">
                      <input
                        id={`${id}-done`}
                        type="checkbox"
                        className="h-4 w-4 accent-brand-600"
                        aria-label={`Done: ${name}`}
                        checked={row.isComplete}
                        disabled={!canEdit}
                        onChange={(e) => onChange(row.key, { isComplete: e.target.checked })}
                      />
                      Done
                    </label>
                  </>
                )}
                <MediaItemActions
                  name={name}
                  canEdit={canEdit}
                  order={{ position: i, total: rows.length, onMove: (by) => onMove(i, by) }}
                  onDelete={() => onRemove(row)}
                />
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
