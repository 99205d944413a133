import { z } from 'zod';
import { ITEM_STATUSES } from '../domain/statuses';

/**
 * API contract of the CMS queue (guide/reports.md#the-cms-queue, guide/reports.md#the-cms-queue /cms-queue): approved items of
 * the web and e-mail channels not yet published, oldest due first, and Mark Published. The spec
 * shows no text for this screen, so the strings below are ours (decision 0021).
 */
export const CMS_QUEUE_PAGE_SIZE = 25;

export const CMS_QUEUE_MESSAGES = {
  title: 'CMS Queue',
  intro: 'Approved web and e-mail items waiting to go live, oldest due first.',
  empty: 'Nothing is waiting to be published.',
  fetchFailed: 'Error loading the CMS queue',
  markPublished: 'Mark Published',
  published: 'Marked as published',
  publishFailed: 'Error marking the item as published',
  notWaiting: 'This item is not waiting to be published.',
  urlInvalid: 'Enter the live URL, starting with https://',
  dateInvalid: 'Enter the date it went live.',
  dateInFuture: 'The published date cannot be in the future.',
  loadMore: 'Load more',
} as const;

export const cmsQueueQuery = z.object({
  /** Keyset cursor: "<due date or 'none'>|<item id>" of the last item of the previous page. */
  cursor: z.string().max(100).optional(),
});

export const cmsQueueItemSchema = z.object({
  id: z.string(),
  requestId: z.string(),
  channel: z.string(),
  status: z.enum(ITEM_STATUSES),
  dueDate: z.string().nullable(),
  eventTitle: z.string(),
  ministryName: z.string().nullable(),
  assigneeName: z.string().nullable(),
});
export type CmsQueueItem = z.infer<typeof cmsQueueItemSchema>;

export const cmsQueueResponse = z.object({
  items: z.array(cmsQueueItemSchema),
  nextCursor: z.string().nullable(),
  /** Every item waiting, not only this page's. */
  total: z.number().int(),
  /** The church's today: the published date's default and its latest allowed value. */
  today: z.string(),
});
export type CmsQueuePage = z.infer<typeof cmsQueueResponse>;

export const cmsItemParams = z.object({ id: z.uuid('Invalid task id.') });

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day (no Feb 30) written yyyy-MM-dd. */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The live URL: an absolute https address with a host. */
export function isLiveUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.') && !/\s/.test(value);
  } catch {
    return false;
  }
}

export const markPublishedBody = z.object({
  publishedDate: z.string().trim().refine(isIsoDate, CMS_QUEUE_MESSAGES.dateInvalid),
  publishedUrl: z.string().trim().max(2000, CMS_QUEUE_MESSAGES.urlInvalid).refine(isLiveUrl, CMS_QUEUE_MESSAGES.urlInvalid),
});
export type MarkPublishedBody = z.infer<typeof markPublishedBody>;

export const markPublishedResponse = z.object({
  id: z.string(),
  status: z.enum(ITEM_STATUSES),
  publishedDate: z.string(),
  publishedUrl: z.string(),
  /** The request's status after its work moved it (decision 0007). */
  requestStatus: z.string(),
});
export type MarkPublishedResult = z.infer<typeof markPublishedResponse>;
