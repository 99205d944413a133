import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { rowsOf, type Database, type Executor } from '../db/client';
import type { AppEvent } from '../events/bus';
import { pendingEmails, type SecretSpan } from '../db/schema';
import { renderHtml, renderText, signWithChurchName } from './template';

export interface OutgoingEmail {
  recipient: string;
  subject: string;
  body: string;
  actionUrl?: string | null;
  actionText?: string | null;
  /** The HTML part; without it one is made from the body by the shared template, escaped. */
  html?: string;
  /** The one-click List-Unsubscribe URL of an e-mail a preference governs (decision 0034). */
  listUnsubscribe?: string | null;
  /**
   * The secrets the body or action link carries (a temporary password, a reset token): the outbox
   * marks where they are and never shows them (decision 0053).
   */
  secrets?: string[];
  /** An invitation: the person whose temporary password (the one secret) an admin may reveal once. */
  revealFor?: string;
}

/** Every place each secret occurs in the body and the action link. */
export function secretSpansOf(email: Pick<OutgoingEmail, 'body' | 'actionUrl' | 'secrets'>): SecretSpan[] {
  const spans: SecretSpan[] = [];
  for (const secret of email.secrets ?? []) {
    if (!secret) continue;
    for (const field of ['body', 'actionUrl'] as const) {
      const text = email[field] ?? '';
      for (let at = text.indexOf(secret); at >= 0; at = text.indexOf(secret, at + secret.length)) {
        spans.push({ field, start: at, end: at + secret.length });
      }
    }
  }
  return spans;
}

export const SECRET_MASK = '••••••••';

/** The text with every span of this field replaced by the mask (spans may overlap). */
export function maskSecrets(text: string, field: SecretSpan['field'], spans: readonly SecretSpan[]): string {
  const mine = spans.filter((s) => s.field === field).sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const span of mine) {
    if (span.end <= at) continue;
    out += text.slice(at, Math.max(at, span.start)) + SECRET_MASK;
    at = span.end;
  }
  return out + text.slice(at);
}

const DEFAULT_ACTION_TEXT = 'Open Lampstand';

/** The outbox view under Admin refreshes on this topic: e-mails queued, sent, failed, resent or revealed. */
export const outboxChanged = (): AppEvent => ({ topic: 'outbox', audience: { minRole: 'admin' } });

/** The HTML part of an e-mail queued with text only (password resets, invites): its paragraphs and its action. */
function htmlFromBody(email: OutgoingEmail): string {
  const action = email.actionUrl ? { url: email.actionUrl, text: email.actionText || DEFAULT_ACTION_TEXT } : null;
  return renderHtml({ paragraphs: email.body.split(/\n{2,}/), action });
}

const outboxRow = (email: OutgoingEmail, churchName: string) => ({
  recipient: email.recipient,
  subject: email.subject,
  ...signWithChurchName({ body: email.body, html: email.html ?? htmlFromBody(email) }, churchName),
  actionUrl: email.actionUrl ?? null,
  actionText: email.actionText ?? null,
  listUnsubscribe: email.listUnsubscribe ?? null,
  // Only e-mails with a secret carry these: the others keep seven parameters a row.
  ...(email.secrets?.length ? { secretSpans: secretSpansOf(email) } : {}),
  ...(email.revealFor ? { revealUserId: email.revealFor } : {}),
});

/** Queue an e-mail inside the caller's transaction (outbox pattern): it is sent only if that commits. */
export async function queueEmail(tx: Executor, email: OutgoingEmail): Promise<void> {
  await queueEmails(tx, [email]);
}

/**
 * Queue e-mails in one multi-row insert inside the caller's transaction (a job's batch): the same
 * rows as queueEmail one by one. Seven parameters a row (nine with a secret), so at most 9,362 rows (PostgreSQL's limit
 * of 65,535 parameters a statement).
 */
export async function queueEmails(tx: Executor, emails: OutgoingEmail[]): Promise<void> {
  if (emails.length === 0) return;
  // Signed with the church's name as configured now (decision 0059); the name is appended after
  // the body, so the secrets' spans in it stay where they are.
  const [church] = rowsOf<{ church_name: string }>(await tx.execute(sql`select church_name from church_settings limit 1`));
  await tx.insert(pendingEmails).values(emails.map((email) => outboxRow(email, church?.church_name ?? '')));
}

export const MAX_ATTEMPTS = 8;
const LEASE_SECONDS = 120;
/** The 'mark sent' update gives up this long before the lease lapses, so it never lands after a re-claim began. */
const LEASE_MARGIN_MS = 2000;

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
  html: string | null;
  list_unsubscribe: string | null;
  attempts: number;
}

export interface OutgoingMessage {
  to: string;
  subject: string;
  text: string;
  /** The HTML alternative (every e-mail has one). */
  html?: string;
  /** List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on e-mails a preference governs. */
  headers?: Record<string, string>;
  /** Derived from the outbox row: a repeat of the same e-mail is recognisably the same message. */
  messageId: string;
}

/** The domain of the sender address (`Name <user@domain>`), for Message-IDs. */
export function mailDomain(from: string): string {
  return /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'lampstand.local';
}

/** One Message-ID per outbox row, the same on every try. */
export const outboxMessageId = (rowId: string, domain: string) => `<outbox.${rowId}@${domain}>`;

function render(row: Row, domain: string): OutgoingMessage {
  const action = row.action_url ? { url: row.action_url, text: row.action_text || DEFAULT_ACTION_TEXT } : null;
  const message: OutgoingMessage = {
    to: row.recipient,
    subject: row.subject,
    text: renderText(row.body, action),
    messageId: outboxMessageId(row.id, domain),
  };
  if (row.html) message.html = row.html;
  if (row.list_unsubscribe) {
    message.headers = { 'List-Unsubscribe': `<${row.list_unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
  }
  return message;
}

/** The e-mail went out but the database would not record it before the lease ran out. */
export class MarkSentError extends Error {
  constructor(
    public readonly emailId: string,
    cause: unknown,
  ) {
    super(`E-mail ${emailId} was sent but could not be marked sent; if it is sent again it carries the same Message-ID.`, {
      cause,
    });
  }
}

export interface DeliveryOptions {
  batch?: number;
  /** How long a claimed row is this worker's (tests shorten it). */
  leaseSeconds?: number;
  /** Domain of the Message-ID header (the sender's). */
  messageDomain?: string;
  /** First pause between tries of the 'mark sent' update; it doubles up to 5 s. */
  markRetryMs?: number;
}

type Send = (message: OutgoingMessage) => Promise<unknown>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Claims due e-mails with a lease (FOR UPDATE SKIP LOCKED, so instances never claim the same row),
 * sends each, then marks it sent or schedules a retry. The lease, not an open transaction, guards
 * the send: PGlite has one connection and must not be held while SMTP talks.
 * Before each send the lease is renewed, fenced by the attempt number taken at the claim: if slow
 * sends earlier in the batch let the lease lapse and another worker re-claimed the row (which
 * bumps attempts), this worker skips it instead of sending it a second time.
 * If the database fails mid-batch (a restart), the rows not yet tried are released at once rather
 * than left leased, and the error goes to the caller.
 */
export async function deliverDueEmails(db: Executor, send: Send, opts: DeliveryOptions = {}): Promise<{ sent: number; failed: number }> {
  const lease = opts.leaseSeconds ?? LEASE_SECONDS;
  const claimed = await db.execute(sql`
    update ${pendingEmails} set locked_until = now() + make_interval(secs => ${lease}), attempts = attempts + 1
    where id in (
      select id from ${pendingEmails}
      where sent = false and next_attempt_at <= now() and attempts < ${MAX_ATTEMPTS}
        and (locked_until is null or locked_until < now())
      order by created_at limit ${opts.batch ?? 10}
      for update skip locked)
    returning id, recipient, subject, body, action_url, action_text, html, list_unsubscribe, attempts`);
  const rows = rowsOf<Row>(claimed);
  const tally = { sent: 0, failed: 0 };
  for (let i = 0; i < rows.length; i++) {
    try {
      const outcome = await deliverOne(db, rows[i], send, opts);
      if (outcome !== 'skipped') tally[outcome]++;
    } catch (err) {
      await releaseClaims(db, rows.slice(i + 1)).catch(() => {});
      throw err;
    }
  }
  return tally;
}

async function deliverOne(db: Executor, row: Row, send: Send, opts: DeliveryOptions): Promise<'sent' | 'failed' | 'skipped'> {
  const lease = opts.leaseSeconds ?? LEASE_SECONDS;
  const renewed = await db.execute(sql`update ${pendingEmails}
    set locked_until = now() + make_interval(secs => ${lease})
    where id = ${row.id} and attempts = ${row.attempts} and sent = false
    returning id`);
  if (rowsOf(renewed).length === 0) return 'skipped';
  const leaseEnds = Date.now() + lease * 1000;
  try {
    await send(render(row, opts.messageDomain ?? 'lampstand.local'));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await db.execute(sql`update ${pendingEmails}
      set locked_until = null, last_error = ${message.slice(0, 500)},
          next_attempt_at = now() + make_interval(secs => ${backoffSeconds(row.attempts)})
      where id = ${row.id}`);
    return 'failed';
  }
  await markSent(db, row.id, leaseEnds, opts.markRetryMs ?? 250);
  return 'sent';
}

/**
 * Records a sent e-mail. The send cannot be undone, so a failed update (the database restarting)
 * is tried again until it lands, as long as it would still land inside the lease: after that
 * another worker may claim the row and send it again.
 */
async function markSent(db: Executor, id: string, leaseEnds: number, firstDelayMs: number): Promise<void> {
  for (let delay = firstDelayMs; ; delay = Math.min(delay * 2, 5000)) {
    try {
      await db.execute(
        sql`update ${pendingEmails} set sent = true, sent_at = now(), locked_until = null, last_error = null where id = ${id}`,
      );
      return;
    } catch (err) {
      if (Date.now() + delay >= leaseEnds - LEASE_MARGIN_MS) throw new MarkSentError(id, err);
      await sleep(delay);
    }
  }
}

/** Gives claimed rows that were never tried back, with their attempt, unless another worker took them since. */
async function releaseClaims(db: Executor, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const claims = sql.join(
    rows.map((r) => sql`(${r.id}::uuid, ${r.attempts}::int)`),
    sql`, `,
  );
  await db.execute(sql`update ${pendingEmails} p
    set locked_until = null, attempts = p.attempts - 1
    from (values ${claims}) as c(id, attempts)
    where p.id = c.id and p.attempts = c.attempts and p.sent = false`);
}

export interface OutboxWorker {
  stop(): Promise<void>;
  runOnce(): Promise<{ sent: number; failed: number }>;
}

/** SMTP timeouts well inside the lease, so a hung relay cannot outlive the claim on a row. */
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };

export function startOutboxWorker(
  database: Database,
  opts: {
    smtpUrl: string;
    from: string;
    pollMs: number;
    onError?: (err: unknown) => void;
    /** After a round that sent or failed e-mails: the outbox view is told (decision 0053). */
    onDelivered?: (tally: { sent: number; failed: number }) => void;
  },
): OutboxWorker {
  const transport = nodemailer.createTransport({ url: opts.smtpUrl, ...SMTP_TIMEOUTS });
  const send = (m: OutgoingMessage) => transport.sendMail({ from: opts.from, ...m });
  const delivery: DeliveryOptions = { messageDomain: mailDomain(opts.from) };
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  let stopped = false;
  // During a database outage every poll fails the same way: the outage is logged once, not each
  // poll. An e-mail sent but not recorded is always reported: it may go out twice.
  const failed = (err: unknown) => {
    const absorbed = database.outage.absorb(err, 'outbox');
    if (!absorbed || err instanceof MarkSentError) opts.onError?.(err);
  };
  const runOnce = () => {
    const p = deliverDueEmails(database.db, send, delivery);
    running = p.catch(() => {});
    return p;
  };
  // One batch at a time per instance: a slow relay must not pile up overlapping batches.
  const timer = setInterval(() => {
    if (stopped || busy) return;
    busy = true;
    runOnce()
      .then((tally) => {
        if (tally.sent + tally.failed > 0) opts.onDelivered?.(tally);
      })
      .catch((err) => failed(err))
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
