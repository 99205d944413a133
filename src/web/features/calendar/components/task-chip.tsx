import { Link } from 'react-router';
import type { CalendarItem } from '@shared/api/calendar';
import { useChannelLabel } from '@web/lib/church-config';
import { statusBadgeColour, statusLabel, type BadgeColour } from '@shared/domain/statuses';

/** The status colours of the badges (guide/tasks-and-calendar.md#the-task-calendar) as chips: a tinted card with a coloured edge. */
const CHIP_COLOURS: Record<BadgeColour, string> = {
  green: 'border-green-500 bg-green-50 text-green-900 hover:bg-green-100',
  red: 'border-red-500 bg-red-50 text-red-900 hover:bg-red-100',
  orange: 'border-orange-500 bg-orange-50 text-orange-900 hover:bg-orange-100',
  purple: 'border-purple-500 bg-purple-50 text-purple-900 hover:bg-purple-100',
  yellow: 'border-yellow-500 bg-yellow-50 text-yellow-900 hover:bg-yellow-100',
  sky: 'border-sky-500 bg-sky-50 text-sky-900 hover:bg-sky-100',
  blue: 'border-blue-500 bg-blue-50 text-blue-900 hover:bg-blue-100',
};

/**
 * A task chip (guide/tasks-and-calendar.md#the-task-calendar): event title and channel, coloured by the item's status, the
 * status also in its name (which starts with the visible text). It opens the request drawer at /request/{id}.
 */
/** `wrap`: the agenda list on a phone shows whole titles rather than cutting them. */
export function TaskChip({ task, wrap = false }: { task: CalendarItem; wrap?: boolean }) {
  const channel = useChannelLabel()(task.channel);
  const status = statusLabel(task.status);
  const colour = statusBadgeColour(task.status);
  return (
    <Link
      to={`/request/${task.requestId}`}
      data-testid="task-chip"
      data-status={task.status}
      data-colour={colour}
      aria-label={`${task.eventTitle}, ${channel}, ${status}`}
      title={`${task.eventTitle} – ${channel} (${status})`}
      className={`block rounded border-l-4 outline-offset-1 ${wrap ? 'px-3 py-2 text-sm' : 'px-1.5 py-0.5 text-xs leading-tight'} ${CHIP_COLOURS[colour]}`}
    >
      <span className={`block font-medium ${wrap ? 'break-words' : 'truncate'}`}>{task.eventTitle}</span>{' '}
      <span className={`block ${wrap ? 'break-words' : 'truncate'}`}>
        {channel}
        {wrap && <span className="text-slate-700"> · {status}</span>}
      </span>
    </Link>
  );
}
