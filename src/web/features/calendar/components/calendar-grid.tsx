import type { CalendarItem, CalendarSundayWork } from '@shared/api/calendar';
import { longDateLabel, WEEKDAY_LABELS, WEEKDAY_NAMES, type CalendarDay, type MonthGrid } from '@shared/domain/calendar';
import { DataTable, type Column } from '@web/components/ui/data-table';
import { DayWork } from './day-work';

interface Props {
  grid: MonthGrid;
  /** Each day's first chips. */
  tasksByDay: ReadonlyMap<string, CalendarItem[]>;
  /** Each day's count of tasks in all (decision 0044). */
  countByDay: ReadonlyMap<string, number>;
  /** The reader's own Sunday work due each day (decision 0058). */
  sundayByDay?: ReadonlyMap<string, CalendarSundayWork[]>;
  /** The church's date today: that cell is highlighted. */
  today: string;
  /** The id of the month heading, which names the table. */
  labelledBy: string;
  /** The tasks of this grid are still loading (the cells show what was loaded before). */
  busy: boolean;
  /** Opens the day's full list; focus returns to `opener` when it closes. */
  onShowDay: (date: string, opener: HTMLElement) => void;
}

/**
 * The month grid (guide/tasks-and-calendar.md#the-task-calendar): a table of whole weeks, Sunday first; days of the
 * neighbouring months dimmed, today highlighted; up to four chips a day, then '+N more', which
 * opens the day's full list.
 */
export function CalendarGrid({ grid, tasksByDay, countByDay, sundayByDay, today, labelledBy, busy, onShowDay }: Props) {
  // Narrow screens scroll the grid sideways rather than squeeze seven columns of chips; the
  // scrolling region takes focus so the keyboard can scroll it too.
  return (
    <div role="region" aria-labelledby={labelledBy} tabIndex={0} className="overflow-x-auto rounded-lg">
      <DataTable
        aria-labelledby={labelledBy}
        aria-busy={busy || undefined}
        className="w-full min-w-[48rem] table-fixed border-collapse rounded-lg border border-slate-200 bg-white"
        bodyClassName=""
        headerCellClassName="border-b border-slate-200 bg-slate-50 py-2 text-center text-xs font-semibold uppercase tracking-wide text-slate-600"
        rows={grid.weeks}
        rowKey={(week) => week[0].date}
        columns={WEEKDAY_LABELS.map((label, i): Column<CalendarDay[]> => ({
          key: label,
          header: label,
          abbr: WEEKDAY_NAMES[i],
          className: (week) =>
            `h-32 border border-slate-200 p-1.5 align-top ${week[i].inMonth ? 'bg-white' : 'bg-slate-50'} ${
              week[i].date === today ? 'ring-2 ring-inset ring-brand-600' : ''
            }`,
          cellAttributes: (week) => ({
            'data-testid': 'calendar-day',
            'data-date': week[i].date,
            'data-outside': week[i].inMonth ? undefined : true,
            'aria-current': week[i].date === today ? 'date' : undefined,
          }),
          cell: (week) => (
            <DayCell
              day={week[i]}
              today={week[i].date === today}
              tasks={tasksByDay.get(week[i].date) ?? []}
              count={countByDay.get(week[i].date) ?? 0}
              sundayWork={sundayByDay?.get(week[i].date) ?? []}
              onShowDay={onShowDay}
            />
          ),
        }))}
      />
    </div>
  );
}

function DayCell({
  day,
  today,
  tasks,
  count,
  sundayWork,
  onShowDay,
}: {
  day: CalendarDay;
  today: boolean;
  tasks: CalendarItem[];
  count: number;
  sundayWork: CalendarSundayWork[];
  onShowDay: (date: string, opener: HTMLElement) => void;
}) {
  const label = longDateLabel(day.date);
  return (
    <>
      <div className="mb-1 flex items-center justify-between">
        <time
          dateTime={day.date}
          className={`inline-flex h-6 min-w-6 items-center justify-center rounded-full px-1 text-xs font-semibold ${
            today ? 'bg-brand-600 text-white' : day.inMonth ? 'text-slate-900' : 'text-slate-500'
          }`}
        >
          <span aria-hidden>{day.day}</span>
          <span className="sr-only">
            {label}
            {today ? ', today' : ''}
          </span>
        </time>
      </div>
      <DayWork date={day.date} tasks={tasks} count={count} sundayWork={sundayWork} onShowDay={onShowDay} look="compact" />
    </>
  );
}
