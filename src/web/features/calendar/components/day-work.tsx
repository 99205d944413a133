import { Link } from 'react-router';
import type { CalendarItem, CalendarSundayWork } from '@shared/api/calendar';
import { dayChips, longDateLabel, moreLabel } from '@shared/domain/calendar';
import { SUNDAY_WORK_KIND_LABELS } from '@shared/domain/sunday-work';
import { TaskChip } from './task-chip';

/** The two ways a day's work is drawn: compact in a grid cell, roomy (whole titles) in the phone's agenda. */
const LOOK = {
  compact: {
    tasks: 'space-y-1',
    sunday: 'mt-1 space-y-1',
    sundayLink: 'block truncate rounded border-l-4 border-amber-500 bg-amber-50 px-1.5 py-0.5 text-xs text-amber-900 hover:underline',
    more: 'mt-1 w-full rounded px-1.5 py-0.5 text-left text-xs font-medium text-brand-700 hover:bg-brand-50 hover:underline',
  },
  roomy: {
    tasks: 'space-y-2',
    sunday: 'mt-2 space-y-2',
    sundayLink: 'block break-words rounded border-l-4 border-amber-500 bg-amber-50 px-3 py-2 text-sm text-amber-900 hover:underline',
    more: 'mt-2 min-h-10 w-full rounded px-2 text-left text-sm font-medium text-brand-700 hover:bg-brand-50 hover:underline',
  },
} as const;

interface Props {
  date: string;
  /** The day's first chips. */
  tasks: CalendarItem[];
  /** The day's count of tasks in all (decision 0044). */
  count: number;
  /** The reader's own Sunday work due that day (decision 0058). */
  sundayWork: CalendarSundayWork[];
  /** Opens the day's full list; focus returns to `opener` when it closes. */
  onShowDay: (date: string, opener: HTMLElement) => void;
  look: keyof typeof LOOK;
}

/**
 * One day's work in the calendar, the grid's cell and the agenda's day alike: its first task chips,
 * the reader's Sunday work, and '+N more' for the rest, which opens the day's full list.
 */
export function DayWork({ date, tasks, count, sundayWork, onShowDay, look }: Props) {
  const { shown, more } = dayChips(tasks, count);
  const label = longDateLabel(date);
  const classes = LOOK[look];
  return (
    <>
      {shown.length > 0 && (
        <ul className={classes.tasks} aria-label={`Tasks due ${label}`}>
          {shown.map((task) => (
            <li key={task.id}>
              <TaskChip task={task} wrap={look === 'roomy'} />
            </li>
          ))}
        </ul>
      )}
      {sundayWork.length > 0 && (
        <ul className={classes.sunday} aria-label={`Your Sunday work due ${label}`}>
          {sundayWork.map((w) => (
            <li key={`${w.kind}-${w.id}`}>
              <Link to={w.path} className={classes.sundayLink}>
                {SUNDAY_WORK_KIND_LABELS[w.kind]}: {w.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {more > 0 && (
        <button
          type="button"
          onClick={(e) => onShowDay(date, e.currentTarget)}
          aria-label={`${moreLabel(more)} tasks due ${label}`}
          className={classes.more}
        >
          {moreLabel(more)}
        </button>
      )}
    </>
  );
}
