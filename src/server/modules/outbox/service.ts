import { and, eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { OUTBOX_MESSAGES as M, type MailDelivery, type OutboxEmail, type OutboxPage } from '../../../shared/api/outbox';
import type { SessionUser } from '../../platform/auth/sessions';
import { verifyPassword } from '../../platform/auth/passwords';
import { inTransaction, type AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { activityLog, pendingEmails, users } from '../../platform/db/schema';
import { AppError, notFound, ruleBroken } from '../../platform/errors';
import { cursorOf, keysetPage, newestFirst, olderThan, parseCursor } from '../../platform/db/keyset';
import { maskSecrets, outboxChanged } from '../../platform/mail/outbox';

/**
 * Whether an invitation's temporary password may still be revealed: not revealed yet, not sent
 * (a sent e-mail reached the person), the person has not signed in and still must change the
 * password, and no newer invitation replaced it. The reveal itself checks the password still works.
 */
export const revealableSql = sql<boolean>`(pending_emails.reveal_user_id is not null and pending_emails.revealed_at is null
  and not pending_emails.sent
  and exists (select 1 from users u where u.id = pending_emails.reveal_user_id and u.last_login_at is null and u.password_reset_required)
  and not exists (select 1 from pending_emails newer where newer.reveal_user_id = pending_emails.reveal_user_id
    and (newer.created_at, newer.id) > (pending_emails.created_at, pending_emails.id)))`;

type Row = typeof pendingEmails.$inferSelect;

/** One row as the outbox shows it: secrets masked, never the stored text. */
export function presentEmail(e: Row, canReveal: boolean): OutboxEmail {
  return {
    id: e.id,
    recipient: e.recipient,
    subject: e.subject,
    body: maskSecrets(e.body, 'body', e.secretSpans),
    actionUrl: e.actionUrl === null ? null : maskSecrets(e.actionUrl, 'actionUrl', e.secretSpans),
    actionText: e.actionText,
    sent: e.sent,
    sentAt: e.sentAt?.toISOString() ?? null,
    attempts: e.attempts,
    lastError: e.lastError,
    createdAt: e.createdAt.toISOString(),
    canReveal,
    revealedAt: e.revealedAt?.toISOString() ?? null,
    canResend: !e.sent && e.lastError !== null,
  };
}

/** The e-mail's one secret, as queued (the invitation's temporary password). */
function secretOf(e: Row): string | null {
  const span = e.secretSpans.find((s) => s.field === 'body');
  return span ? e.body.slice(span.start, span.end) : null;
}

/**
 * Reveals an invitation's temporary password to an admin, once (decision 0053): the row is taken
 * FOR UPDATE so two admins at once reveal it once; the password must still be the person's (it is
 * checked against the stored hash); the reveal is written to the activity log with who, whose and when.
 */
export async function revealPassword(ctx: AppContext, actor: SessionUser, id: string): Promise<{ password: string }> {
  return inTransaction(ctx, async (tx, events) => {
    const [row] = await tx.select().from(pendingEmails).where(eq(pendingEmails.id, id)).for('update');
    if (!row) throw notFound(M.notFound);
    const secret = secretOf(row);
    if (!row.revealUserId || !secret) throw ruleBroken(M.notRevealable);
    if (row.revealedAt) throw ruleBroken(M.alreadyRevealed);
    const [open] = await tx.select({ ok: revealableSql }).from(pendingEmails).where(eq(pendingEmails.id, id));
    const [person] = await tx
      .select({ id: users.id, fullName: users.fullName, email: users.email, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, row.revealUserId))
      .for('update');
    if (!open?.ok || !person || !(await verifyPassword(person.passwordHash, secret))) throw ruleBroken(M.noLongerValid);
    await tx
      .update(pendingEmails)
      .set({ revealedAt: sql`now()` })
      .where(and(eq(pendingEmails.id, id)));
    await tx.insert(activityLog).values({
      requestId: null,
      userId: actor.id,
      actionType: 'invite_password_revealed',
      oldValue: person.id,
      notes: `Revealed the temporary password of ${person.fullName} (${person.email}) from the e-mail outbox`,
    });
    events.push(outboxChanged());
    return { password: secret };
  });
}

/** One page of the outbox, newest first by keyset, optionally one recipient's; with the count still queued. */
export async function outboxPage(ctx: AppContext, query: { limit: number; cursor?: string; recipient?: string }): Promise<OutboxPage> {
  const cursor = parseCursor(query.cursor);
  const conditions = [];
  if (query.recipient) conditions.push(eq(sql`lower(${pendingEmails.recipient})`, query.recipient.toLowerCase()));
  if (cursor) conditions.push(olderThan(pendingEmails.createdAt, pendingEmails.id, cursor));
  const [rows, queued] = await Promise.all([
    ctx.db
      .select({ e: pendingEmails, canReveal: revealableSql, cursor: cursorOf(pendingEmails.createdAt, pendingEmails.id) })
      .from(pendingEmails)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(...newestFirst(pendingEmails.createdAt, pendingEmails.id))
      .limit(query.limit + 1),
    countQueued(ctx.db),
  ]);
  const { page, nextCursor } = keysetPage(rows, query.limit);
  return { items: page.map(({ e, canReveal }) => presentEmail(e, !!canReveal)), nextCursor, queued };
}

export async function countQueued(db: Executor): Promise<number> {
  return (await deliveryCounts(db)).queued;
}

async function deliveryCounts(db: Executor): Promise<{ queued: number; failed: number }> {
  const [row] = await db
    .select({
      queued: sql<number>`count(*)::int`,
      failed: sql<number>`(count(*) filter (where ${pendingEmails.lastError} is not null))::int`,
    })
    .from(pendingEmails)
    .where(eq(pendingEmails.sent, false));
  return { queued: row?.queued ?? 0, failed: row?.failed ?? 0 };
}

/** Whether e-mails go out at all, and what waits (decision 0053). */
export async function mailDelivery(ctx: AppContext): Promise<MailDelivery> {
  return { relayConfigured: !!ctx.config.smtpUrl, ...(await deliveryCounts(ctx.db)) };
}

/**
 * Resend a failed e-mail: its tries start again and it is due now, so the worker sends it on its
 * next round. Only an unsent e-mail whose last try failed; the row is taken FOR UPDATE.
 */
export async function resendEmail(ctx: AppContext, id: string): Promise<OutboxEmail> {
  return inTransaction(ctx, async (tx, events) => {
    const [row] = await tx.select().from(pendingEmails).where(eq(pendingEmails.id, id)).for('update');
    if (!row) throw notFound(M.notFound);
    if (row.sent) throw ruleBroken(M.alreadySent);
    if (row.lastError === null) throw ruleBroken(M.notFailed);
    const [updated] = await tx
      .update(pendingEmails)
      .set({ attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
      .where(eq(pendingEmails.id, id))
      .returning();
    const [open] = await tx.select({ ok: revealableSql }).from(pendingEmails).where(eq(pendingEmails.id, id));
    events.push(outboxChanged());
    return presentEmail(updated, !!open?.ok);
  });
}

/** SMTP timeouts short enough for an admin waiting on the answer. */
const TEST_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 20_000 };

/**
 * Sends a test e-mail to the admin's own address straight through the relay (not the outbox), so
 * the answer is the relay's: success, or its error message.
 */
export async function sendTestEmail(ctx: AppContext, actor: SessionUser): Promise<{ message: string }> {
  if (!ctx.config.smtpUrl) throw ruleBroken(M.noRelay);
  const transport = nodemailer.createTransport({ url: ctx.config.smtpUrl, ...TEST_TIMEOUTS });
  try {
    await transport.sendMail({
      from: ctx.config.mailFrom,
      to: actor.email,
      subject: 'Lampstand test e-mail',
      text: `Hello ${actor.fullName},\n\nThis is a test e-mail from Lampstand. The mail relay works: invitations, password resets and notifications will reach people.`,
    });
  } catch (err) {
    throw new AppError(422, 'relay_error', M.relayRefused(err instanceof Error ? err.message : String(err)));
  } finally {
    transport.close();
  }
  return { message: M.testSent(actor.email) };
}
