import { and, eq, inArray } from 'drizzle-orm';
import { drawerPath } from '../../../shared/domain/drawer-path';
import type { Executor } from '../../platform/db/client';
import { users } from '../../platform/db/schema';
import type { AppEvent } from '../../platform/events/bus';
import type { EmailKind } from '../../../shared/domain/email-preferences';
import { createNotifications } from '../../commands/notify';
import { sendPreferenceEmail } from '../../commands/email-preferences';

export interface Recipient {
  id: string;
  fullName: string;
  email: string;
  role: string;
}

/**
 * The people a change should reach, in one query: active users who can sign in (the external
 * Church Media Squad gets no in-app notifications), never the person who acted.
 */
export async function loadRecipients(tx: Executor, ids: Array<string | null | undefined>, actorId: string): Promise<Recipient[]> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id && id !== actorId))];
  if (wanted.length === 0) return [];
  return tx
    .select({ id: users.id, fullName: users.fullName, email: users.email, role: users.role })
    .from(users)
    .where(and(inArray(users.id, wanted), eq(users.active, true), eq(users.isExternal, false)));
}

export interface Notice {
  title: string;
  body: string;
  type: string;
  requestId: string;
  /** About one item: the notification opens the drawer on it (its Items tab). */
  itemId?: string;
  /**
   * Also e-mail a link to the request (guide/requests.md#the-request-drawer, e-mail events), at once, in the daily
   * digest or not at all as each person chose for its kind.
   */
  email?: { kind: EmailKind; subject: string; requestTitle: string; origin: string };
}

/** Notifications and e-mails (outbox or digest), written in the caller's transaction. */
export async function notify(tx: Executor, events: AppEvent[], recipients: Recipient[], notice: Notice): Promise<void> {
  if (recipients.length === 0) return;
  await createNotifications(
    tx,
    events,
    recipients.map((r) => ({
      userId: r.id,
      title: notice.title,
      body: notice.body,
      type: notice.type,
      requestId: notice.requestId,
      link: drawerPath(notice.requestId, notice.itemId),
    })),
  );
  if (!notice.email) return;
  for (const r of recipients) {
    await sendPreferenceEmail(tx, {
      to: r,
      kind: notice.email.kind,
      subject: notice.email.subject,
      paragraphs: [`Hi ${r.fullName},`, notice.body],
      requestId: notice.requestId,
      requestTitle: notice.email.requestTitle,
      summary: notice.body,
      link: `${notice.email.origin}/request/${notice.requestId}`,
      actionText: 'View Request',
      origin: notice.email.origin,
    });
  }
}
