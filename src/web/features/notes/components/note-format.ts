import { format } from 'date-fns/format';

/** A yyyy-MM-dd date as people read it ('Mar 8, 2026'), without any time zone shift. */
export function formatNoteDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  return format(new Date(y, m - 1, d), 'MMM d, yyyy');
}
