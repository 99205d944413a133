import { useQuery } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { CAPACITY_MESSAGES, type CapacityChannel } from '@shared/api/capacity';
import { loadText, type LoadState } from '@shared/domain/capacity';
import { addDaysIso } from '@shared/domain/dates';
import { formatDueDate } from '@shared/domain/tasks';
import { Button } from '@web/components/ui/button';
import { Card, PageHeader } from '@web/components/ui/card';
import { DataTable } from '@web/components/ui/data-table';
import { EmptyState, ErrorState, LoadingState } from '@web/components/ui/states';
import { capacityQuery } from '../api/get-capacity';
import { CellDialog, type OpenCell } from '../components/cell-dialog';

const LOAD_CLASSES: Record<LoadState, string> = {
  open: 'border-slate-200 bg-white text-slate-800',
  full: 'border-amber-400 bg-amber-50 text-amber-900',
  over: 'border-red-500 bg-red-50 text-red-800',
};
const LOAD_WORDS: Record<LoadState, string> = { open: '', full: 'Full', over: 'Over' };

/** "Dec 7" from a yyyy-MM-dd Monday. */
const shortDate = (iso: string) => formatDueDate(iso).replace(/, \d{4}$/, '');

/**
 * /capacity 'Channel Capacity' (guide: requests.md#channel-capacity): the next twelve weeks by channel,
 * each cell the items booked against the capacity, full and over-full cells marked; a cell opens the
 * requests that book it. The arrow keys move between cells. Live: the key starts with 'requests'.
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const from = params.get('from');
  const view = useQuery(capacityQuery(from));
  const [open, setOpen] = useState<OpenCell | null>(null);
  const weeks = view.data?.weeks ?? [];
  const moveWeeks = (by: number) => {
    if (!weeks.length) return;
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set('from', addDaysIso(weeks[0], by * 7));
      return next;
    });
  };

  return (
    <main className="px-4 py-8 sm:px-6">
      <PageHeader title={CAPACITY_MESSAGES.title}>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => moveWeeks(-12)} disabled={!weeks.length}>
            Earlier weeks
          </Button>
          <Button variant="outline" size="sm" onClick={() => setParams({})} disabled={!from}>
            This week
          </Button>
          <Button variant="outline" size="sm" onClick={() => moveWeeks(12)} disabled={!weeks.length}>
            Later weeks
          </Button>
        </div>
      </PageHeader>
      <p className="-mt-4 mb-6 text-sm text-slate-600">{CAPACITY_MESSAGES.intro}</p>
      {view.isPending ? (
        <LoadingState label="Loading channel capacity..." />
      ) : view.isError ? (
        <ErrorState message={CAPACITY_MESSAGES.fetchFailed} onRetry={() => void view.refetch()} />
      ) : view.data.channels.length === 0 ? (
        <Card>
          <EmptyState>{CAPACITY_MESSAGES.empty}</EmptyState>
        </Card>
      ) : (
        <>
          <Legend />
          <div data-grid className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <DataTable<CapacityChannel>
              caption="Bookings by channel and week"
              className="min-w-full border-collapse text-sm"
              headerCellClassName="whitespace-nowrap border-b border-slate-200 px-2 py-2 text-left text-xs font-medium text-slate-600"
              cellClassName="border-b border-slate-100 px-1 py-1"
              rows={view.data.channels}
              rowKey={(c) => c.channel}
              columns={[
                {
                  key: 'channel',
                  header: 'Channel',
                  rowHeader: true,
                  className: 'sticky left-0 z-10 bg-white px-2 text-left font-normal',
                  cell: (c) => (
                    <span className="block min-w-32 max-w-48">
                      <span className="block font-medium text-slate-900">{c.label}</span>
                      <span className="block text-xs text-slate-500">
                        {c.capacity === null ? 'Unlimited' : `${c.capacity} a ${c.capacityPer === 'sunday' ? 'Sunday' : 'week'}`}
                      </span>
                    </span>
                  ),
                },
                ...weeks.map((week, col) => ({
                  key: week,
                  header: shortDate(week),
                  abbr: `Week of ${formatDueDate(week)}`,
                  cell: (c: CapacityChannel, row: number) => {
                    const cell = c.cells[col];
                    const words = LOAD_WORDS[cell.load];
                    return (
                      <button
                        type="button"
                        data-cell={`${row}:${col}`}
                        onKeyDown={moveFocus}
                        onClick={() => setOpen({ channel: c.channel, label: c.label, week })}
                        // The name holds the visible count and word, after the cell's channel and week.
                        aria-label={`${c.label}, week of ${formatDueDate(week)}: ${loadText(cell.booked, c.capacity)}${words ? ` ${words}` : ''}`}
                        className={`h-12 w-16 rounded border text-center text-xs leading-tight focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 ${LOAD_CLASSES[cell.load]}`}
                      >
                        <span className="font-semibold">{loadText(cell.booked, c.capacity)}</span>
                        {words && ' '}
                        {words && <span className="block text-[10px] uppercase tracking-wide">{words}</span>}
                      </button>
                    );
                  },
                })),
              ]}
            />
          </div>
        </>
      )}
      <CellDialog cell={open} onClose={() => setOpen(null)} />
    </main>
  );
}

function Legend() {
  return (
    <p className="mb-3 flex flex-wrap items-center gap-3 text-xs text-slate-600">
      <span className="inline-flex items-center gap-1">
        <span className={`h-3 w-3 rounded border ${LOAD_CLASSES.full}`} aria-hidden /> Full: at capacity
      </span>
      <span className="inline-flex items-center gap-1">
        <span className={`h-3 w-3 rounded border ${LOAD_CLASSES.over}`} aria-hidden /> Over: more than capacity, until resolved
      </span>
      <span>Arrow keys move between weeks and channels.</span>
    </p>
  );
}

/** Arrow keys move the focus from cell to cell (rows are channels, columns weeks). */
function moveFocus(e: KeyboardEvent<HTMLButtonElement>) {
  const at = e.currentTarget.dataset.cell;
  if (!at) return;
  const [row, col] = at.split(':').map(Number);
  const to: Record<string, [number, number]> = {
    ArrowLeft: [row, col - 1],
    ArrowRight: [row, col + 1],
    ArrowUp: [row - 1, col],
    ArrowDown: [row + 1, col],
  };
  const next = to[e.key];
  if (!next) return;
  const target = e.currentTarget.closest('[data-grid]')?.querySelector<HTMLButtonElement>(`[data-cell="${next[0]}:${next[1]}"]`);
  if (target) {
    e.preventDefault();
    target.focus();
  }
}
