import { formatDueDate } from '@shared/domain/tasks';

/** A series' date range for people: 'Dec 6, 2026 – Jan 3, 2027', or what is known of it. */
export function formatSeriesRange(startSunday: string | null, endSunday: string | null): string {
  if (startSunday && endSunday) return `${formatDueDate(startSunday)} – ${formatDueDate(endSunday)}`;
  if (startSunday) return `From ${formatDueDate(startSunday)}`;
  if (endSunday) return `Until ${formatDueDate(endSunday)}`;
  return 'Dates not set';
}
