import type { IntakeFullWeek } from '@shared/api/requests';
import { CAPACITY_MESSAGES } from '@shared/api/capacity';
import { loadState } from '@shared/domain/capacity';
import { bookedWeekWords } from './week-words';

/**
 * What the intake queue flags on a request (guide/intake-and-approvals.md#the-intake-queue): each
 * Sunday or week it books that is full or over its channel's capacity, and its open items whose due
 * dates have passed. Nothing when there is nothing to weigh.
 */
export function IntakeFlags({ fullWeeks, missedDueDates }: { fullWeeks: IntakeFullWeek[]; missedDueDates: number }) {
  if (fullWeeks.length === 0 && missedDueDates === 0) return null;
  return (
    <ul aria-label={CAPACITY_MESSAGES.intakeFlagsLabel} className="mt-1 flex flex-wrap gap-1 text-xs">
      {missedDueDates > 0 && (
        <li className="rounded bg-red-50 px-1.5 py-0.5 font-medium text-red-800">{CAPACITY_MESSAGES.missedDueDates(missedDueDates)}</li>
      )}
      {fullWeeks.map((w) => (
        <li key={`${w.channel} ${w.week}`} className="rounded bg-amber-50 px-1.5 py-0.5 font-medium text-amber-900">
          {w.label}: {bookedWeekWords({ week: w.week, booked: w.booked, load: loadState(w.booked, w.capacity) }, w)}
        </li>
      ))}
    </ul>
  );
}
