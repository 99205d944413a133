import { useQuery } from '@tanstack/react-query';
import { CAPACITY_MESSAGES } from '@shared/api/capacity';
import { requestBookingsQuery } from '../api/get-capacity';
import { bookedWeekWords } from './week-words';

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
          {c.cells.map((cell, i) => (
            <span key={cell.week}>
              {i > 0 && ', '}
              <span className={cell.load === 'open' ? undefined : 'rounded bg-amber-50 px-1 font-medium text-amber-900'}>
                {bookedWeekWords(cell, c)}
              </span>
            </span>
          ))}
        </li>
      ))}
    </ul>
  );
}
