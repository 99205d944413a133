import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { formatDistance } from 'date-fns/formatDistance';
import { formatDistanceStrict } from 'date-fns/formatDistanceStrict';
import { parseISO } from 'date-fns/parseISO';
import { startOfDay } from 'date-fns/startOfDay';
import { isFinishedRequestStatus } from '@shared/domain/statuses';

export interface DueInfo {
  label: string;
  past: boolean;
}

/**
 * The Due column (guide/requests.md#my-requests): relative time of the promotion start date, falling back
 * to the submitted date, red when past, 'N/A' if neither. A promotion start is a calendar date,
 * so it is compared by whole days and "today" is not past. A finished request (published,
 * complete, cancelled) is never past due: its date reads the same but is not red.
 */
export function dueInfo(promotionStartDate: string | null, submittedAt: string | null, status: string, now: Date = new Date()): DueInfo {
  const info = relativeDue(promotionStartDate, submittedAt, now);
  return isFinishedRequestStatus(status) ? { ...info, past: false } : info;
}

function relativeDue(promotionStartDate: string | null, submittedAt: string | null, now: Date): DueInfo {
  if (promotionStartDate) {
    const date = parseISO(promotionStartDate);
    const days = differenceInCalendarDays(date, now);
    if (days === 0) return { label: 'Today', past: false };
    return { label: formatDistanceStrict(date, startOfDay(now), { addSuffix: true }), past: days < 0 };
  }
  if (submittedAt) {
    const date = new Date(submittedAt);
    return { label: formatDistance(date, now, { addSuffix: true }), past: date.getTime() < now.getTime() };
  }
  return { label: 'N/A', past: false };
}
