import { Link } from 'react-router';
import type { CalendarItem, CalendarSundayWork } from '@shared/api/calendar';
import { SUNDAY_WORK_KIND_LABELS } from '@shared/domain/sunday-work';
import { dayChips, longDateLabel, moreLabel, type MonthGrid } from '@shared/domain/calendar';
import { TaskChip } from './task-chip';

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
            const { shown, more } = dayChips(tasksByDay.get(day.date) ?? [], countByDay.get(day.date) ?? 0);
            const sundayWork = sundayByDay?.get(day.date) ?? [];
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
                {shown.length > 0 && (
                  <ul className="space-y-2" aria-label={`Tasks due ${label}`}>
                    {shown.map((task) => (
                      <li key={task.id}>
                        <TaskChip task={task} wrap />
                      </li>
                    ))}
                  </ul>
                )}
                {sundayWork.length > 0 && (
                  <ul className="mt-2 space-y-2" aria-label={`Your Sunday work due ${label}`}>
                    {sundayWork.map((w) => (
                      <li key={`${w.kind}-${w.id}`}>
                        <Link
                          to={w.path}
                          className="block break-words rounded border-l-4 border-amber-500 bg-amber-50 px-3 py-2 text-sm text-amber-900 hover:underline"
                        >
                          {SUNDAY_WORK_KIND_LABELS[w.kind]}: {w.title}
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
                {more > 0 && (
                  <button
                    type="button"
                    onClick={(e) => onShowDay(day.date, e.currentTarget)}
                    aria-label={`${moreLabel(more)} tasks due ${label}`}
                    className="mt-2 min-h-10 w-full rounded px-2 text-left text-sm font-medium text-brand-700 hover:bg-brand-50 hover:underline"
                  >
                    {moreLabel(more)}
                  </button>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
