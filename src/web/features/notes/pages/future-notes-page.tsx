import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Plus, Search } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { hasRank } from '@shared/domain/roles';
import { NOTE_RUNWAY, NOTES_MESSAGES, noteSunday, type Note, type NoteStatus } from '@shared/api/notes';
import { RunwayTabs, runwaysQuery } from '@web/components/runway-tabs';
import { Button } from '@web/components/ui/button';
import { Card, PageHeader } from '@web/components/ui/card';
import { Input, Label } from '@web/components/ui/input';
import { EmptyState, ErrorState, LoadingState } from '@web/components/ui/states';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { useCurrentUser } from '@web/features/auth';
import { useDeleteNote } from '../api/delete-note';
import { notesQuery } from '../api/get-notes';
import { useMoveToRunway } from '../api/move-to-runway';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { NoteDialog, type NoteDialogState } from '../components/note-dialog';
import { formatNoteDate } from '../components/note-format';
import { NotesTable } from '../components/notes-table';
import { StatusChips } from '../components/status-chips';

/**
 * /runways/planning 'Future Planning Notes' (guide/sunday-planning.md#future-notes to 8; guide/sunday-planning.md#future-notes): within the
 * runway tab bar, search, the status chips, the notes table, Add Note / edit, delete after a
 * confirm, and Move to Runway Now for planned notes (coordinators and above). `?new=1` (the
 * dashboard's Add Note) opens the Add Note dialog.
 */
export function Component() {
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<NoteStatus | ''>('');
  const query = useDebouncedValue(search.trim(), 300);
  const notes = useQuery({ ...notesQuery(query, status), placeholderData: keepPreviousData });
  const [dialog, setDialog] = useState<NoteDialogState>(null);
  const [deleting, setDeleting] = useState<Note | null>(null);
  const [moving, setMoving] = useState<Note | null>(null);
  const remove = useDeleteNote();
  const move = useMoveToRunway();

  // The dashboard's Add Note links here with ?new=1: the dialog is open while the link says so.
  const addFromLink = params.get('new') === '1';
  // A future note's row on the runways dashboard links here with ?note=<id>: that note opens.
  const noteId = params.get('note');
  const linkedNote = noteId ? notes.data?.items.find((n) => n.id === noteId) : undefined;
  const openDialog: NoteDialogState = dialog ?? (addFromLink ? { mode: 'add' } : linkedNote ? { mode: 'edit', note: linkedNote } : null);
  const closeDialog = () => {
    setDialog(null);
    if (addFromLink || noteId) {
      setParams(
        (p) => {
          p.delete('new');
          p.delete('note');
          return p;
        },
        { replace: true },
      );
    }
  };

  const filtered = query !== '' || status !== '';
  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      {/* /runways and the runway views are for coordinators and above (guide/sunday-planning.md#future-notes). */}
      <RunwayTabs showRunways={hasRank(user?.role, 'coordinator')} />
      <PageHeader title={NOTES_MESSAGES.title}>
        <Button onClick={() => setDialog({ mode: 'add' })}>
          <Plus className="h-4 w-4" aria-hidden />
          {NOTES_MESSAGES.addNote}
        </Button>
      </PageHeader>
      <Card className="overflow-hidden">
        <div className="flex flex-col gap-3 border-b border-slate-200 p-4 lg:flex-row lg:items-center lg:justify-between">
          <div className="relative w-full max-w-md">
            <Label htmlFor="notes-search" className="sr-only">
              Search notes
            </Label>
            <Search className="pointer-events-none absolute left-3 top-3 h-4 w-4 text-slate-400" aria-hidden />
            <Input
              id="notes-search"
              type="search"
              className="pl-9"
              placeholder={NOTES_MESSAGES.searchPlaceholder}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <StatusChips value={status} onChange={setStatus} />
        </div>
        {notes.isPending ? (
          <LoadingState label="Loading notes..." />
        ) : notes.isError ? (
          <ErrorState message={NOTES_MESSAGES.fetchFailed} onRetry={() => void notes.refetch()} />
        ) : notes.data.items.length === 0 ? (
          <EmptyState>{filtered ? NOTES_MESSAGES.emptyFiltered : NOTES_MESSAGES.empty}</EmptyState>
        ) : (
          <NotesTable
            notes={notes.data.items}
            onEdit={(note) => setDialog({ mode: 'edit', note })}
            onDelete={setDeleting}
            onMove={setMoving}
          />
        )}
      </Card>

      <NoteDialog state={openDialog} currentUserId={user?.id ?? null} onClose={closeDialog} />
      <ConfirmDialog
        open={!!deleting}
        title="Delete Note"
        description={NOTES_MESSAGES.deleteConfirm}
        confirm="Delete"
        destructive
        onOpenChange={(open) => !open && setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
        }}
      />
      <MoveConfirm note={moving} onClose={() => setMoving(null)} onConfirm={(note) => move.mutate(note.id)} />
    </main>
  );
}

/** 'Move to Runway Now': says where the note will land before it goes. */
function MoveConfirm({ note, onClose, onConfirm }: { note: Note | null; onClose: () => void; onConfirm: (note: Note) => void }) {
  const { data: runways = [] } = useQuery({ ...runwaysQuery, enabled: !!note });
  const code = note ? NOTE_RUNWAY[note.category] : null;
  const runwayName = runways.find((r) => r.code === code)?.name ?? code;
  const sunday = note?.targetDate ? formatNoteDate(noteSunday(note.targetDate)) : '';
  return (
    <ConfirmDialog
      open={!!note}
      title={NOTES_MESSAGES.moveToRunway}
      description={
        note
          ? `'${note.title}' becomes a task on the ${runwayName} runway plan for Sunday ${sunday}, and the note is marked On Runway.`
          : ''
      }
      confirm="Move to Runway"
      onOpenChange={(open) => !open && onClose()}
      onConfirm={() => {
        if (note) onConfirm(note);
      }}
    />
  );
}
