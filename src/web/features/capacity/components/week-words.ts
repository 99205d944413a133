import { CAPACITY_MESSAGES } from '@shared/api/capacity';
import { loadText, type CapacityUnit, type LoadState } from '@shared/domain/capacity';
import { addDaysIso } from '@shared/domain/dates';

/** 'Mar 24', as the capacity view names a week, without a date library in the lists' chunks. */
const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
function shortDay(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return DAY.format(new Date(y, m - 1, d));
}

/**
 * One booked week in words, "Sunday Mar 30 4 / 4 (full)" or "week of Mar 24 2 / 1 (over capacity)":
 * a week is named by its Monday, and a per-Sunday channel's booking by that week's Sunday.
 */
export function bookedWeekWords(
  cell: { week: string; booked: number; load: LoadState },
  channel: { capacityPer: CapacityUnit; capacity: number | null },
): string {
  const when = channel.capacityPer === 'sunday' ? `Sunday ${shortDay(addDaysIso(cell.week, 6))}` : `week of ${shortDay(cell.week)}`;
  const state = cell.load === 'full' ? ` ${CAPACITY_MESSAGES.full}` : cell.load === 'over' ? ` ${CAPACITY_MESSAGES.over}` : '';
  return `${when} ${loadText(cell.booked, channel.capacity)}${state}`;
}
