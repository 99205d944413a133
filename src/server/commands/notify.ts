import type { Executor } from '../platform/db/client';
import { notifications } from '../platform/db/schema';
import type { AppEvent } from '../platform/events/bus';

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

/**
 * The Master Activity Feed changed (guide/sunday-planning.md#the-sunday-plan-dialog: it refreshes live on notifications and
 * request messages). Its own topic, for coordinators and admins who read everyone's entries, so
 * their bells do not refetch on every notification of someone else.
 */
export const activityChanged = (): AppEvent => ({ topic: 'activity', audience: { minRole: 'coordinator' } });

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
  events.push(notificationsChanged(rows.map((r) => r.userId)), activityChanged());
}
