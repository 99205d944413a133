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
 * Before each send the lease is renewed, fenced by the attempt number taken at the claim: if slow
 * sends earlier in the batch let the lease lapse and another worker re-claimed the row (which
 * bumps attempts), this worker skips it instead of sending it a second time.
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
    const renewed = await db.execute(sql`update ${pendingEmails}
      set locked_until = now() + make_interval(secs => ${LEASE_SECONDS})
      where id = ${row.id} and attempts = ${row.attempts} and sent = false
      returning id`);
    if (rowsOf(renewed).length === 0) continue;
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

/** SMTP timeouts well inside the lease, so a hung relay cannot outlive the claim on a row. */
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };

export function startOutboxWorker(
  database: Database,
  opts: { smtpUrl: string; from: string; pollMs: number; onError?: (err: unknown) => void },
): OutboxWorker {
  const transport = nodemailer.createTransport({ url: opts.smtpUrl, ...SMTP_TIMEOUTS });
  const send = (m: { to: string; subject: string; text: string }) => transport.sendMail({ from: opts.from, ...m });
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  let stopped = false;
  const runOnce = () => {
    const p = deliverDueEmails(database.db, send);
    running = p.catch(() => {});
    return p;
  };
  // One batch at a time per instance: a slow relay must not pile up overlapping batches.
  const timer = setInterval(() => {
    if (stopped || busy) return;
    busy = true;
    runOnce()
      .catch((err) => opts.onError?.(err))
      .finally(() => {
        busy = false;
      });
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
