import { eq } from 'drizzle-orm';
import type { ActivityEntry, ActivityFeed } from '../../../shared/api/notifications';
import type { Executor } from '../../platform/db/client';
import { notifications, requestMessages, requests, users } from '../../platform/db/schema';
import { cursorOf, newestFirst, olderThan, parseCursor, type KeysetCursor } from '../../platform/db/keyset';
import { mergeFeed } from './merge-feed';

interface Keyed {
  cursor: string;
  entry: ActivityEntry;
}

/** Everyone's notifications past the cursor, newest first, with the recipient and the request. */
async function notificationRows(db: Executor, cursor: KeysetCursor | null, limit: number): Promise<Keyed[]> {
  const rows = await db
    .select({
      n: notifications,
      who: users.fullName,
      requestTitle: requests.eventTitle,
      cursor: cursorOf(notifications.createdAt, notifications.id),
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .leftJoin(requests, eq(requests.id, notifications.requestId))
    .where(cursor ? olderThan(notifications.createdAt, notifications.id, cursor) : undefined)
    .orderBy(...newestFirst(notifications.createdAt, notifications.id))
    .limit(limit + 1);
  return rows.map(({ n, who, requestTitle, cursor: key }) => ({
    cursor: key,
    entry: {
      kind: 'notification',
      id: n.id,
      type: n.type,
      title: n.title,
      body: n.body,
      who,
      requestId: n.requestId,
      requestTitle,
      link: n.link ?? (n.requestId ? `/request/${n.requestId}` : null),
      createdAt: n.createdAt.toISOString(),
    },
  }));
}

/** Every request's messages past the cursor, newest first, with the author and the request. */
async function messageRows(db: Executor, cursor: KeysetCursor | null, limit: number): Promise<Keyed[]> {
  const rows = await db
    .select({
      m: requestMessages,
      who: users.fullName,
      requestTitle: requests.eventTitle,
      cursor: cursorOf(requestMessages.createdAt, requestMessages.id),
    })
    .from(requestMessages)
    .innerJoin(requests, eq(requests.id, requestMessages.requestId))
    .leftJoin(users, eq(users.id, requestMessages.authorId))
    .where(cursor ? olderThan(requestMessages.createdAt, requestMessages.id, cursor) : undefined)
    .orderBy(...newestFirst(requestMessages.createdAt, requestMessages.id))
    .limit(limit + 1);
  return rows.map(({ m, who, requestTitle, cursor: key }) => ({
    cursor: key,
    entry: {
      kind: 'message',
      id: m.id,
      type: 'message',
      title: `Message on ${requestTitle}`,
      body: m.body,
      who,
      requestId: m.requestId,
      requestTitle,
      link: `/request/${m.requestId}`,
      createdAt: m.createdAt.toISOString(),
    },
  }));
}

/**
 * The Master Activity Feed (guide/notifications-and-email.md#the-notifications-screen): everyone's notifications and every request's
 * messages, merged newest first, `limit` of each source per page (merge-feed.ts says how a page ends).
 */
export async function activityFeed(db: Executor, opts: { limit: number; cursor?: string }): Promise<ActivityFeed> {
  const cursor = parseCursor(opts.cursor);
  const notes = await notificationRows(db, cursor, opts.limit);
  const messages = await messageRows(db, cursor, opts.limit);
  const { page, nextCursor } = mergeFeed([notes, messages], opts.limit);
  return { items: page.map((row) => row.entry), nextCursor };
}
