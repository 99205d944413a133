import type { CalendarItem, CalendarSundayWork } from '@shared/api/calendar';
import { longDateLabel, type MonthGrid } from '@shared/domain/calendar';
import { DayWork } from './day-work';

interface Props {
  grid: MonthGrid;
  tasksByDay: ReadonlyMap<string, CalendarItem[]>;
  countByDay: ReadonlyMap<string, number>;
  sundayByDay?: ReadonlyMap<string, CalendarSundayWork[]>;
  today: string;
  labelledBy: string;
  busy: boolean;
  onShowDay: (date: string, opener: HTMLElement) => void;
}

/**
 * The month as an agenda on a phone: only the month's days with something due, each with its
 * tasks and Sunday work in full (titles wrap, never cut), then '+N more' for the rest of a busy
 * day. Seven columns of chips do not fit a phone's width.
 */
export function CalendarAgenda({ grid, tasksByDay, countByDay, sundayByDay, today, labelledBy, busy, onShowDay }: Props) {
  const days = grid.weeks
    .flat()
    .filter((d) => d.inMonth && ((countByDay.get(d.date) ?? 0) > 0 || (sundayByDay?.get(d.date)?.length ?? 0) > 0));
  return (
    <section aria-labelledby={labelledBy} aria-busy={busy || undefined} data-testid="calendar-agenda">
      {days.length === 0 ? null : (
        <ol className="space-y-4">
          {days.map((day) => {
            const label = longDateLabel(day.date);
            const isToday = day.date === today;
            return (
              <li
                key={day.date}
                data-testid="agenda-day"
                data-date={day.date}
                aria-current={isToday ? 'date' : undefined}
                className={`rounded-lg border bg-white p-3 ${isToday ? 'border-brand-600 ring-1 ring-brand-600' : 'border-slate-200'}`}
              >
                <h3 className="mb-2 text-sm font-semibold text-slate-900">
                  <time dateTime={day.date}>{label}</time>
                  {isToday && <span className="ml-2 rounded bg-brand-600 px-1.5 py-0.5 text-xs text-white">Today</span>}
                </h3>
                <DayWork
                  date={day.date}
                  tasks={tasksByDay.get(day.date) ?? []}
                  count={countByDay.get(day.date) ?? 0}
                  sundayWork={sundayByDay?.get(day.date) ?? []}
                  onShowDay={onShowDay}
                  look="roomy"
                />
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
