import { format } from 'date-fns/format';
import { formatDistanceToNow } from 'date-fns/formatDistanceToNow';
import { parseISO } from 'date-fns/parseISO';
import { formatDateTime as formatMoment } from '@shared/domain/dates';
import { readerLocale } from '@web/lib/locale';

/** Display helpers of the drawer. */
export function formatDate(iso: string | null): string {
  return iso ? format(parseISO(iso), 'MMM d, yyyy') : 'N/A';
}

/** A moment in the reader's locale convention (from the locale, not a fixed pattern). */
export function formatDateTime(iso: string): string {
  return formatMoment(iso, readerLocale());
}

export function timeAgo(iso: string): string {
  return formatDistanceToNow(parseISO(iso), { addSuffix: true });
}

export { formatBytes } from '@web/lib/format-bytes';
