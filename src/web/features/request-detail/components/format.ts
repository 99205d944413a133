import { format, formatDistanceToNow, parseISO } from 'date-fns';

/** Display helpers of the drawer. */
export function formatDate(iso: string | null): string {
  return iso ? format(parseISO(iso), 'MMM d, yyyy') : 'N/A';
}

export function formatDateTime(iso: string): string {
  return format(parseISO(iso), 'MMM d, yyyy h:mm a');
}

export function timeAgo(iso: string): string {
  return formatDistanceToNow(parseISO(iso), { addSuffix: true });
}

export { formatBytes } from '@web/lib/format-bytes';
