import { z } from 'zod';

export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  type: z.string(),
  read: z.boolean(),
  requestId: z.string().nullable(),
  link: z.string().nullable(),
  createdAt: z.string(),
});
export type NotificationDto = z.infer<typeof notificationSchema>;

export const notificationListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(20),
  /** Keyset cursor: the createdAt|id of the last row of the previous page. */
  cursor: z.string().max(100).optional(),
  unreadOnly: z.enum(['true', 'false']).optional(),
});

export const notificationListResponse = z.object({
  items: z.array(notificationSchema),
  nextCursor: z.string().nullable(),
});
export type NotificationList = z.infer<typeof notificationListResponse>;

/**
 * Unread notifications are counted up to this many (decision 0028): the bell shows "99+" above 99
 * and My Notifications "1000+ unread", so counting every one of tens of thousands buys nothing.
 */
export const UNREAD_COUNT_CAP = 1000;
/** `count` is exact when `capped` is false; otherwise there are more than UNREAD_COUNT_CAP (count = the cap). */
export const unreadCountResponse = z.object({ count: z.number().int(), capped: z.boolean() });
export type UnreadCount = z.infer<typeof unreadCountResponse>;
export const idParams = z.object({ id: z.uuid() });

export const readForRequestBody = z.object({ requestId: z.uuid() });
export const updatedResponse = z.object({ updated: z.number().int() });

/** The Activity screen's strings live zod-free in activity-messages.ts (the bell reads them). */
export { ACTIVITY_MESSAGES } from './activity-messages';

/** guide/notifications-and-email.md#the-bell: the master feed reads up to 200 items per source at a time. */
export const ACTIVITY_SOURCE_LIMIT = 200;

export const activityFeedQuery = z.object({
  /** Rows read from each source (notifications, request messages) for one page. */
  limit: z.coerce.number().int().min(1).max(ACTIVITY_SOURCE_LIMIT).default(ACTIVITY_SOURCE_LIMIT),
  /** Keyset cursor over both sources: the createdAt|id of the last entry of the previous page. */
  cursor: z.string().max(100).optional(),
});

export const activityEntrySchema = z.object({
  kind: z.enum(['notification', 'message']),
  id: z.string(),
  /** The notification's type, or 'message' for a request message. */
  type: z.string(),
  title: z.string(),
  body: z.string(),
  /** A notification's recipient, or a message's author (null once the person is deleted). */
  who: z.string().nullable(),
  requestId: z.string().nullable(),
  requestTitle: z.string().nullable(),
  link: z.string().nullable(),
  createdAt: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityFeedResponse = z.object({
  items: z.array(activityEntrySchema),
  nextCursor: z.string().nullable(),
});
export type ActivityFeed = z.infer<typeof activityFeedResponse>;
