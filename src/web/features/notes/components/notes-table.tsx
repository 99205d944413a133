import { Pencil, Rocket, Trash2 } from 'lucide-react';
import { NOTE_CATEGORY_LABELS, NOTE_STATUS_LABELS, NOTES_MESSAGES, type Note, type NoteStatus } from '@shared/api/notes';
import { Button } from '@web/components/ui/button';
import { DataTable } from '@web/components/ui/data-table';
import { formatNoteDate } from './note-format';

const STATUS_COLOURS: Record<NoteStatus, string> = {
  draft: 'bg-slate-100 text-slate-700',
  planned: 'bg-blue-100 text-blue-800',
  moved_to_runway: 'bg-green-100 text-green-800',
  archived: 'bg-amber-100 text-amber-800',
};

export function NoteStatusBadge({ status }: { status: NoteStatus }) {
  return (
    <span className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ${STATUS_COLOURS[status]}`}>
      {NOTE_STATUS_LABELS[status]}
    </span>
  );
}

/**
 * The notes (guide/sunday-planning.md#future-notes): title, category, status, target date, ministry, owner and the
 * actions the server allows (Move to Runway Now only where canMoveToRunway).
 */
export function NotesTable({
  notes,
  onEdit,
  onDelete,
  onMove,
}: {
  notes: Note[];
  onEdit: (note: Note) => void;
  onDelete: (note: Note) => void;
  onMove: (note: Note) => void;
}) {
  return (
    <>
      <NoteCards notes={notes} onEdit={onEdit} onDelete={onDelete} onMove={onMove} />
      <div className="hidden overflow-x-auto md:block">
        <DataTable
          caption="Future notes"
          className="w-full min-w-[56rem] text-left text-sm"
          headClassName="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wider text-slate-500"
          headerCellClassName="px-4 py-2.5 font-medium"
          cellClassName="px-4 py-3 align-top"
          rows={notes}
          rowKey={(note) => note.id}
          columns={[
            {
              key: 'title',
              header: 'Title',
              rowHeader: true,
              className: 'font-medium text-slate-900',
              cell: (note) => (
                <>
                  {note.title}
                  {note.description && (
                    <p className="mt-0.5 line-clamp-2 max-w-sm text-xs font-normal text-slate-500">{note.description}</p>
                  )}
                </>
              ),
            },
            { key: 'category', header: 'Category', className: 'text-slate-700', cell: (note) => NOTE_CATEGORY_LABELS[note.category] },
            { key: 'status', header: 'Status', cell: (note) => <NoteStatusBadge status={note.status} /> },
            {
              key: 'target',
              header: 'Target Date',
              className: 'whitespace-nowrap text-slate-700',
              cell: (note) => (note.targetDate ? formatNoteDate(note.targetDate) : '—'),
            },
            { key: 'ministry', header: 'Ministry', className: 'text-slate-700', cell: (note) => note.ministryName ?? '—' },
            { key: 'owner', header: 'Owner', className: 'text-slate-700', cell: (note) => note.ownerName ?? '—' },
            {
              key: 'actions',
              header: 'Actions',
              headerClassName: 'text-right',
              className: 'text-right',
              cell: (note) => <NoteActions note={note} onEdit={onEdit} onDelete={onDelete} onMove={onMove} />,
            },
          ]}
        />
      </div>
    </>
  );
}

type Actions = { onEdit: (note: Note) => void; onDelete: (note: Note) => void; onMove: (note: Note) => void };

function NoteActions({ note, onEdit, onDelete, onMove }: Actions & { note: Note }) {
  return (
    <div className="flex items-center justify-end gap-1">
      {note.canMoveToRunway && (
        <Button size="sm" variant="outline" className="mr-auto whitespace-nowrap md:mr-0" onClick={() => onMove(note)}>
          <Rocket className="h-4 w-4" aria-hidden />
          {NOTES_MESSAGES.moveToRunway}
        </Button>
      )}
      <Button size="icon" variant="ghost" aria-label={`Edit ${note.title}`} onClick={() => onEdit(note)}>
        <Pencil className="h-4 w-4" aria-hidden />
      </Button>
      <Button size="icon" variant="ghost" aria-label={`Delete ${note.title}`} onClick={() => onDelete(note)}>
        <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
      </Button>
    </div>
  );
}

/** Below the md breakpoint the table's columns become one card per note, actions included. */
function NoteCards({ notes, ...actions }: Actions & { notes: Note[] }) {
  return (
    <ul className="divide-y divide-slate-100 md:hidden" aria-label="Future notes">
      {notes.map((note) => (
        <li key={note.id} className="space-y-2 p-4">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="mr-auto font-medium text-slate-900">{note.title}</h3>
            <NoteStatusBadge status={note.status} />
          </div>
          {note.description && <p className="line-clamp-2 text-xs text-slate-500">{note.description}</p>}
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-500">Category</dt>
            <dd className="text-slate-800">{NOTE_CATEGORY_LABELS[note.category]}</dd>
            <dt className="text-slate-500">Target Date</dt>
            <dd className="text-slate-800">{note.targetDate ? formatNoteDate(note.targetDate) : '—'}</dd>
            <dt className="text-slate-500">Ministry</dt>
            <dd className="text-slate-800">{note.ministryName ?? '—'}</dd>
            <dt className="text-slate-500">Owner</dt>
            <dd className="text-slate-800">{note.ownerName ?? '—'}</dd>
          </dl>
          <NoteActions note={note} {...actions} />
        </li>
      ))}
    </ul>
  );
}
