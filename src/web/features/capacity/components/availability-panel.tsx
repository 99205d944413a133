import { useQuery } from '@tanstack/react-query';
import { CAPACITY_MESSAGES, type AvailabilityChannel, type AvailabilityResponse } from '@shared/api/capacity';
import { loadText, possibilityText } from '@shared/domain/capacity';
import { ErrorState, LoadingState } from '@web/components/ui/states';
import { availabilityQuery } from '../api/get-capacity';

const ISO = /^\d{4}-\d{2}-\d{2}$/;

/** 'Mar 24, 2030', as the task lists write a date, without a date library in the form's chunk. */
const DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
function formatDueDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return DATE.format(new Date(y, m - 1, d));
}

export interface AvailabilityInput {
  promotionStart: string | null | undefined;
  eventStart: string | null | undefined;
  tier: string | null | undefined;
  channels: readonly string[];
}

/**
 * What the form's channels can still get (guide: requests.md#what-a-late-request-can-still-get), read
 * once the dates, the tier and at least one channel are known; nothing is asked before.
 */
export function useAvailability(input: AvailabilityInput) {
  const ready =
    !!input.tier && !!input.promotionStart && !!input.eventStart && ISO.test(input.promotionStart) && ISO.test(input.eventStart);
  const query = useQuery({
    ...availabilityQuery({ promotionStart: input.promotionStart ?? '', eventStart: input.eventStart ?? '', channels: input.channels }),
    enabled: ready && input.channels.length > 0 && input.eventStart! >= input.promotionStart!,
  });
  const data = query.data;
  return {
    query,
    enabled: ready && input.channels.length > 0,
    /** Channels that will not be made. */
    dropped: data?.channels.filter((c) => c.state === 'not_possible') ?? [],
    /** Channels that will be made but run in a week already at or over capacity. */
    crowded: data?.channels.filter((c) => c.state !== 'not_possible' && c.weeks.some((w) => w.runs && w.load !== 'open')) ?? [],
  };
}

const STATE_CLASSES: Record<AvailabilityChannel['state'], string> = {
  ready: 'bg-emerald-50 text-emerald-800 border-emerald-200',
  late: 'bg-amber-50 text-amber-900 border-amber-300',
  not_possible: 'bg-red-50 text-red-800 border-red-300',
};

/** The form's availability panel: each channel's state, due date and the load of the weeks it would book. */
export function AvailabilityPanel({ availability }: { availability: ReturnType<typeof useAvailability> }) {
  const { query, enabled } = availability;
  return (
    <section aria-labelledby="availability-title" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="availability-title" className="text-lg font-semibold text-slate-900">
        What can still be made
      </h2>
      {!enabled ? (
        <p className="mt-1 text-sm text-slate-500">
          Choose the dates, the tier and the channels to see whether each can still be made in time.
        </p>
      ) : query.isError ? (
        <ErrorState message={CAPACITY_MESSAGES.availabilityFailed} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        query.isFetching ? (
          <LoadingState label="Checking the channels..." />
        ) : (
          <p className="mt-1 text-sm text-slate-500">The event must start on or after the promotion start.</p>
        )
      ) : (
        <AvailabilityList data={query.data} />
      )}
    </section>
  );
}

function AvailabilityList({ data }: { data: AvailabilityResponse }) {
  const dropped = data.channels.filter((c) => c.state === 'not_possible').length;
  return (
    <>
      {dropped > 0 && (
        <p role="status" className="mt-2 text-sm text-red-800">
          {dropped === 1
            ? '1 channel cannot be made in time: it will not be created, and the request will say why.'
            : `${dropped} channels cannot be made in time: they will not be created, and the request will say why.`}
        </p>
      )}
      <ul aria-label="Channels and their weeks" className="mt-3 divide-y divide-slate-100">
        {data.channels.map((c) => (
          <li key={c.channel} className="py-3 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium text-slate-900">{c.label}</span>
              <span className={`rounded border px-2 py-0.5 text-xs font-medium ${STATE_CLASSES[c.state]}`}>
                {possibilityText(c, formatDueDate)}
              </span>
            </div>
            <p className="mt-1 text-xs text-slate-600">
              {c.state === 'not_possible'
                ? c.reason
                : `Due ${formatDueDate(c.dueDate!)} (${c.leadTimeDays} ${c.leadTimeDays === 1 ? 'day' : 'days'} of production)`}
            </p>
            {c.weeks.length > 0 && (
              <ul aria-label={`${c.label} weeks`} className="mt-2 flex flex-wrap gap-1.5">
                {c.weeks.map((w) => {
                  const full = w.load !== 'open';
                  const words = `${c.capacityPer === 'sunday' ? 'Sunday' : 'Week of'} ${formatDueDate(c.capacityPer === 'sunday' ? w.from : w.week).replace(/, \d{4}$/, '')}: ${loadText(w.booked, c.capacity)}${w.load === 'full' ? ' full' : w.load === 'over' ? ' over capacity' : ''}${w.runs ? '' : ' (too soon)'}`;
                  return (
                    <li
                      key={w.week}
                      className={`rounded border px-2 py-0.5 text-xs ${!w.runs ? 'border-slate-200 text-slate-600 line-through' : full ? 'border-amber-400 bg-amber-50 text-amber-900' : 'border-slate-200 text-slate-700'}`}
                    >
                      {words}
                    </li>
                  );
                })}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
