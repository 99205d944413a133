import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import {
  DESCRIPTION_MAX,
  NOTE_CATEGORY_LABELS,
  NOTE_STATUS_LABELS,
  NOTES_MESSAGES,
  noteBody,
  TITLE_MAX,
  type Note,
  type NoteBody,
  type NoteBodyInput,
  type NoteOwner,
} from '@shared/api/notes';
import type { MinistryDto } from '@shared/api/requests';
import { FUTURE_NOTE_CATEGORIES } from '@shared/domain/planning';
import { Button } from '@web/components/ui/button';
import { FieldError, Input, Label, Textarea } from '@web/components/ui/input';
import { ErrorState, LoadingState } from '@web/components/ui/states';
import { activeMinistriesQuery } from '@web/lib/ministries';
import { noteOwnersQuery } from '../api/get-notes';
import { useSaveNote } from '../api/save-note';

const SELECT = 'block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm';

/** What the dialog edits: a note, or null for Add Note. */
export type NoteDialogState = { mode: 'add' } | { mode: 'edit'; note: Note } | null;

/**
 * Add Note / edit (guide/sunday-planning.md#future-notes): title required ('Title is required'), one of the 7
 * categories (Sunday by default), a status (Draft by default; 'On Runway' comes only from Move to
 * Runway Now), and an optional target date, ministry, owner and description, saved as null when
 * empty. The API checks the same schema.
 */
export function NoteDialog({
  state,
  currentUserId,
  onClose,
}: {
  state: NoteDialogState;
  currentUserId: string | null;
  onClose: () => void;
}) {
  const editing = state?.mode === 'edit' ? state.note : null;
  return (
    <Dialog.Root open={!!state} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-[61] max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">{editing ? NOTES_MESSAGES.editNote : NOTES_MESSAGES.addNote}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            An idea for a Sunday, a campaign or an event beyond the next six weeks.
          </Dialog.Description>
          {state && <NoteFormLoader key={editing?.id ?? 'new'} note={editing} currentUserId={currentUserId} onDone={onClose} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function defaults(note: Note | null, currentUserId: string | null): NoteBodyInput {
  return {
    title: note?.title ?? '',
    category: note?.category ?? 'sunday',
    status: note?.status ?? 'draft',
    targetDate: note?.targetDate ?? '',
    ministryId: note?.ministryId ?? '',
    ownerId: note ? (note.ownerId ?? '') : (currentUserId ?? ''),
    description: note?.description ?? '',
  };
}

interface FormProps {
  note: Note | null;
  currentUserId: string | null;
  onDone: () => void;
}

/** The choices load first: a select registered before its options exist would show the wrong one. */
function NoteFormLoader(props: FormProps) {
  const ministries = useQuery(activeMinistriesQuery);
  const owners = useQuery(noteOwnersQuery);
  if (ministries.isPending || owners.isPending) return <LoadingState label="Loading..." />;
  if (ministries.isError || owners.isError) {
    return (
      <ErrorState
        message="Could not load the ministries and owners to choose from."
        onRetry={() => void Promise.all([ministries.refetch(), owners.refetch()])}
      />
    );
  }
  return <NoteForm {...props} ministries={ministries.data} owners={owners.data} />;
}

function NoteForm({ note, currentUserId, onDone, ministries, owners }: FormProps & { ministries: MinistryDto[]; owners: NoteOwner[] }) {
  const save = useSaveNote(onDone);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NoteBodyInput, unknown, NoteBody>({ resolver: zodResolver(noteBody), defaultValues: defaults(note, currentUserId) });
  const submit = handleSubmit((body) => save.mutate({ id: note?.id, body }));
  const onRunway = note?.status === 'moved_to_runway';
  // A note's ministry or owner may since have been archived or deactivated: keep it choosable.
  const ministryOptions = [...ministries];
  if (note?.ministryId && !ministryOptions.some((m) => m.id === note.ministryId)) {
    ministryOptions.push({ id: note.ministryId, name: note.ministryName ?? 'Archived ministry', defaultTier: 'C', active: false });
  }
  const ownerOptions = [...owners];
  if (note?.ownerId && !ownerOptions.some((o) => o.id === note.ownerId))
    ownerOptions.push({ id: note.ownerId, fullName: note.ownerName ?? 'Former owner' });

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      <div>
        <Label htmlFor="note-title">Title</Label>
        <Input
          id="note-title"
          maxLength={TITLE_MAX}
          aria-invalid={!!errors.title}
          aria-describedby={errors.title ? 'note-title-error' : undefined}
          {...register('title')}
        />
        <FieldError id="note-title-error" message={errors.title?.message} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor="note-category">Category</Label>
          <select id="note-category" className={SELECT} {...register('category')}>
            {FUTURE_NOTE_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {NOTE_CATEGORY_LABELS[c]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <Label htmlFor="note-status">Status</Label>
          <select id="note-status" className={SELECT} {...register('status')}>
            {onRunway && <option value="moved_to_runway">{NOTE_STATUS_LABELS.moved_to_runway}</option>}
            <option value="draft">{NOTE_STATUS_LABELS.draft}</option>
            <option value="planned">{NOTE_STATUS_LABELS.planned}</option>
            <option value="archived">{NOTE_STATUS_LABELS.archived}</option>
          </select>
        </div>
        <div>
          <Label htmlFor="note-target-date">Target Date</Label>
          <Input
            id="note-target-date"
            type="date"
            aria-invalid={!!errors.targetDate}
            aria-describedby={errors.targetDate ? 'note-target-date-error' : undefined}
            {...register('targetDate')}
          />
          <FieldError id="note-target-date-error" message={errors.targetDate?.message} />
        </div>
        <div>
          <Label htmlFor="note-ministry">Ministry</Label>
          <select id="note-ministry" className={SELECT} {...register('ministryId')}>
            <option value="">No ministry</option>
            {ministryOptions.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
        <div className="sm:col-span-2">
          <Label htmlFor="note-owner">Owner</Label>
          <select id="note-owner" className={SELECT} {...register('ownerId')}>
            <option value="">No owner</option>
            {ownerOptions.map((o) => (
              <option key={o.id} value={o.id}>
                {o.fullName}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div>
        <Label htmlFor="note-description">Description</Label>
        <Textarea id="note-description" rows={4} maxLength={DESCRIPTION_MAX} {...register('description')} />
      </div>
      <div className="flex justify-end gap-2">
        <Dialog.Close asChild>
          <Button variant="outline">Cancel</Button>
        </Dialog.Close>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Note'}
        </Button>
      </div>
    </form>
  );
}
