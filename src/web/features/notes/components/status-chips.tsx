import { NOTE_STATUS_LABELS, type NoteStatus } from '@shared/api/notes';
import { FUTURE_NOTE_STATUSES } from '@shared/domain/planning';

const CHIPS: Array<{ value: NoteStatus | ''; label: string }> = [
  { value: '', label: 'All' },
  ...FUTURE_NOTE_STATUSES.map((s) => ({ value: s, label: NOTE_STATUS_LABELS[s] })),
];

/** The status filter chips (guide/sunday-planning.md#future-notes): All, Draft, Planned, On Runway, Archived. */
export function StatusChips({ value, onChange }: { value: NoteStatus | ''; onChange: (status: NoteStatus | '') => void }) {
  return (
    <div role="group" aria-label="Filter by status" className="flex flex-wrap gap-2">
      {CHIPS.map((chip) => {
        const on = chip.value === value;
        return (
          <button
            key={chip.label}
            type="button"
            aria-pressed={on}
            onClick={() => onChange(chip.value)}
            className={`rounded-full border px-3 py-1 text-sm font-medium transition-colors ${
              on ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
            }`}
          >
            {chip.label}
          </button>
        );
      })}
    </div>
  );
}
