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

export const unreadCountResponse = z.object({ count: z.number().int() });
export const idParams = z.object({ id: z.uuid() });

export const readForRequestBody = z.object({ requestId: z.uuid() });
export const updatedResponse = z.object({ updated: z.number().int() });
