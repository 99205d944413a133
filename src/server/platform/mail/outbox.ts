import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { rowsOf, type Database, type Executor } from '../db/client';
import { pendingEmails } from '../db/schema';

export interface OutgoingEmail {
  recipient: string;
  subject: string;
  body: string;
  actionUrl?: string | null;
  actionText?: string | null;
}

/** Queue an e-mail inside the caller's transaction (outbox pattern): it is sent only if that commits. */
export async function queueEmail(tx: Executor, email: OutgoingEmail): Promise<void> {
  await tx.insert(pendingEmails).values({
    recipient: email.recipient,
    subject: email.subject,
    body: email.body,
    actionUrl: email.actionUrl ?? null,
    actionText: email.actionText ?? null,
  });
}

export const MAX_ATTEMPTS = 8;
const LEASE_SECONDS = 120;

/** Backoff after the nth failed attempt: 30 s, 1 min, 2 min ... capped at one hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

interface Row {
  id: string;
  recipient: string;
  subject: string;
  body: string;
  action_url: string | null;
  action_text: string | null;
  attempts: number;
}

function render(row: Row) {
  const link = row.action_url ? `\n\n${row.action_text || 'Open Lampstand'}: ${row.action_url}` : '';
  return { to: row.recipient, subject: row.subject, text: `${row.body}${link}` };
}

/**
 * Claims due e-mails with a lease (FOR UPDATE SKIP LOCKED, so instances never claim the same row),
 * sends each, then marks it sent or schedules a retry. The lease, not an open transaction, guards
 * the send: PGlite has one connection and must not be held while SMTP talks.
 */
export async function deliverDueEmails(
  db: Executor,
  send: (message: { to: string; subject: string; text: string }) => Promise<unknown>,
  batch = 10,
): Promise<{ sent: number; failed: number }> {
  const claimed = await db.execute(sql`
    update ${pendingEmails} set locked_until = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = attempts + 1
    where id in (
      select id from ${pendingEmails}
      where sent = false and next_attempt_at <= now() and attempts < ${MAX_ATTEMPTS}
        and (locked_until is null or locked_until < now())
      order by created_at limit ${batch}
      for update skip locked)
    returning id, recipient, subject, body, action_url, action_text, attempts`);
  let sent = 0;
  let failed = 0;
  for (const row of rowsOf<Row>(claimed)) {
    try {
      await send(render(row));
      await db.execute(
        sql`update ${pendingEmails} set sent = true, sent_at = now(), locked_until = null, last_error = null where id = ${row.id}`,
      );
      sent++;
    } catch (err) {
      failed++;
      const message = err instanceof Error ? err.message : String(err);
      await db.execute(sql`update ${pendingEmails}
        set locked_until = null, last_error = ${message.slice(0, 500)},
            next_attempt_at = now() + make_interval(secs => ${backoffSeconds(row.attempts)})
        where id = ${row.id}`);
    }
  }
  return { sent, failed };
}

export interface OutboxWorker {
  stop(): Promise<void>;
  runOnce(): Promise<{ sent: number; failed: number }>;
}

export function startOutboxWorker(
  database: Database,
  opts: { smtpUrl: string; from: string; pollMs: number; onError?: (err: unknown) => void },
): OutboxWorker {
  const transport = nodemailer.createTransport(opts.smtpUrl);
  const send = (m: { to: string; subject: string; text: string }) => transport.sendMail({ from: opts.from, ...m });
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const runOnce = () => {
    const p = deliverDueEmails(database.db, send);
    running = p.catch(() => {});
    return p;
  };
  const timer = setInterval(() => {
    if (!stopped) runOnce().catch((err) => opts.onError?.(err));
  }, opts.pollMs);
  timer.unref();
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
