import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { NotificationDto, NotificationList } from '../../../shared/api/notifications';
import type { Executor } from '../../platform/db/client';
import { notifications } from '../../platform/db/schema';
import type { AppEvent } from '../../platform/events/bus';
import { badRequest } from '../../platform/errors';

export interface NewNotification {
  userId: string;
  title: string;
  body: string;
  type: string;
  requestId?: string | null;
  link?: string | null;
}

export const notificationsChanged = (userIds: string[]): AppEvent => ({
  topic: 'notifications',
  audience: { userIds: [...new Set(userIds)] },
});

/** Writes notifications inside the caller's transaction and lists the event for after commit. */
export async function createNotifications(tx: Executor, events: AppEvent[], rows: NewNotification[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(notifications).values(
    rows.map((r) => ({
      userId: r.userId,
      title: r.title,
      body: r.body,
      type: r.type,
      requestId: r.requestId ?? null,
      link: r.link ?? (r.requestId ? `/request/${r.requestId}` : null),
    })),
  );
  events.push(notificationsChanged(rows.map((r) => r.userId)));
}

type Row = typeof notifications.$inferSelect;
const present = (n: Row): NotificationDto => ({
  id: n.id,
  title: n.title,
  body: n.body,
  type: n.type,
  read: n.read,
  requestId: n.requestId,
  link: n.link,
  createdAt: n.createdAt.toISOString(),
});

function parseCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = cursor.split('|');
  const date = new Date(at);
  if (!id || Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) throw badRequest('Invalid cursor.');
  return { at: date, id };
}

/** The user's notifications, newest first, one page at a time (keyset on created_at, id). */
export async function listNotifications(
  db: Executor,
  userId: string,
  opts: { limit: number; cursor?: string; unreadOnly?: boolean },
): Promise<NotificationList> {
  const conditions = [eq(notifications.userId, userId)];
  if (opts.unreadOnly) conditions.push(eq(notifications.read, false));
  if (opts.cursor) {
    const c = parseCursor(opts.cursor);
    conditions.push(
      or(lt(notifications.createdAt, c.at), and(eq(notifications.createdAt, c.at), lt(notifications.id, c.id)))!,
    );
  }
  const rows = await db
    .select()
    .from(notifications)
    .where(and(...conditions))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(opts.limit + 1);
  const page = rows.slice(0, opts.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(present),
    nextCursor: rows.length > opts.limit && last ? `${last.createdAt.toISOString()}|${last.id}` : null,
  };
}

export async function unreadCount(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
  return row?.n ?? 0;
}

/** Marks one of the user's own notifications read; another user's id changes nothing. */
export async function markRead(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: Executor, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  return rows.length;
}
