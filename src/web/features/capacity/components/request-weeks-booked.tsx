import { useQuery } from '@tanstack/react-query';
import { CAPACITY_MESSAGES } from '@shared/api/capacity';
import { loadText } from '@shared/domain/capacity';
import { addDaysIso } from '@shared/domain/dates';
import { requestBookingsQuery } from '../api/get-capacity';

/** 'Mar 24', as the capacity view names a week, without a date library in the drawer's chunk. */
const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
function shortDay(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return DAY.format(new Date(y, m - 1, d));
}

/**
 * The weeks a request's items book, each with its channel's load (guide: requests.md#channel-capacity),
 * in the drawer's Overview: a full or over-full week stands out until it is resolved.
 */
export function RequestWeeksBooked({ requestId }: { requestId: string }) {
  const { data, isPending, isError } = useQuery(requestBookingsQuery(requestId));
  if (isPending) return <span className="text-slate-500">{CAPACITY_MESSAGES.bookingsLoading}</span>;
  if (isError) return <span className="text-red-700">{CAPACITY_MESSAGES.bookingsFailed}</span>;
  if (data.channels.length === 0) return <span className="text-slate-500">{CAPACITY_MESSAGES.bookingsNone}</span>;
  return (
    <ul aria-label={CAPACITY_MESSAGES.bookingsLabel} className="space-y-1">
      {data.channels.map((c) => (
        <li key={c.channel}>
          <span className="font-medium">{c.label}</span>:{' '}
          {c.cells.map((cell, i) => {
            // A week is named by its Monday; a per-Sunday channel's booking is that week's Sunday.
            const words = `${c.capacityPer === 'sunday' ? `Sunday ${shortDay(addDaysIso(cell.week, 6))}` : `week of ${shortDay(cell.week)}`} ${loadText(cell.booked, c.capacity)}${
              cell.load === 'full' ? ` ${CAPACITY_MESSAGES.full}` : cell.load === 'over' ? ` ${CAPACITY_MESSAGES.over}` : ''
            }`;
            return (
              <span key={cell.week}>
                {i > 0 && ', '}
                <span className={cell.load === 'open' ? undefined : 'rounded bg-amber-50 px-1 font-medium text-amber-900'}>{words}</span>
              </span>
            );
          })}
        </li>
      ))}
    </ul>
  );
}
