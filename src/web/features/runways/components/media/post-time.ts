import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { CHURCH_TIME_ZONE_DEFAULT } from '@shared/domain/constants';

/**
 * Post times are moments (UTC in the database); people pick them as wall-clock times of the
 * church (guide/sunday-planning.md#the-media-editor: America/New_York for dates in dialogs).
 */
export const POST_TIME_ZONE = CHURCH_TIME_ZONE_DEFAULT;

/** An ISO moment as a datetime-local value ('yyyy-MM-ddTHH:mm') in the church's zone. */
export function toLocalInput(iso: string, timeZone = POST_TIME_ZONE): string {
  return format(new TZDate(new Date(iso).getTime(), timeZone), "yyyy-MM-dd'T'HH:mm");
}

/** A datetime-local value read in the church's zone, as an ISO moment; null when it is not a full date and time. */
export function fromLocalInput(value: string, timeZone = POST_TIME_ZONE): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number);
  return new Date(new TZDate(y, mo - 1, d, h, mi, timeZone).getTime()).toISOString();
}

/** 'November 29, 2026' for a yyyy-MM-dd Sunday. */
export function longDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  return format(new Date(y, m - 1, d), 'MMMM d, yyyy');
}

/** A moment for a preview card: 'Sun, Nov 29 · 12:00 PM' in the church's zone. */
export function previewMoment(iso: string, timeZone = POST_TIME_ZONE): string {
  return format(new TZDate(new Date(iso).getTime(), timeZone), "EEE, MMM d '·' h:mm a");
}
