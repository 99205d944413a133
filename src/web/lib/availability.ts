import { dismissToast, toast } from '@web/components/ui/toast-store';

/**
 * While the server answers "briefly unavailable" (503, a database restart), reads are retried by
 * the API client and the person is told once, instead of seeing a failure on every panel. The
 * notice closes by itself when the server answers again.
 */
export const UNAVAILABLE_NOTICE = {
  title: 'Lampstand is briefly unavailable',
  description: 'Trying again automatically; this page will catch up by itself.',
};

let noticeKey: number | null = null;

export function serverUnavailable(): void {
  if (noticeKey !== null) return;
  noticeKey = toast({ ...UNAVAILABLE_NOTICE, duration: Infinity });
}

export function serverAvailable(): void {
  if (noticeKey === null) return;
  dismissToast(noticeKey);
  noticeKey = null;
}
