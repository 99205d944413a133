import net from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pendingEmails } from '../db/schema';
import { sessionAgent } from '../../test/agent';
import { BACKENDS, createTestApp, type TestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/client';
import { captureLog, until } from '../../test/log-capture';
import { countInserts } from '../../test/insert-count';
import {
  backoffSeconds,
  deliverDueEmails,
  mailDomain,
  MarkSentError,
  outboxMessageId,
  queueEmail,
  queueEmails,
  startOutboxWorker,
  type OutgoingEmail,
  type OutgoingMessage,
} from './outbox';
import { renderText, SIGNATURE } from './template';

const dialect = new PgDialect();
const connectionLost = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

/**
 * The database, except that statements matching `fails` throw a lost-connection error while
 * `failing()` says so: a PostgreSQL restart at a chosen moment.
 */
function flaky(db: Executor, fails: RegExp, failing: () => boolean): Executor {
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== 'execute') return Reflect.get(target, prop, receiver);
      return (query: SQL) => {
        if (fails.test(dialect.sqlToQuery(query).sql) && failing()) return Promise.reject(connectionLost());
        return target.execute(query);
      };
    },
  });
}

interface Peer {
  url: string;
  messages: Array<{ to: string[]; raw: string }>;
  close(): Promise<void>;
}

/** A real SMTP peer on a free local port; `reject` makes it refuse every recipient with 550. */
async function smtpPeer(opts: { reject?: boolean } = {}): Promise<Peer> {
  const messages: Peer['messages'] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (opts.reject) return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, messages, close: () => new Promise((r) => server.close(() => r())) };
}

async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

const FROM = 'Lampstand <no-reply@lampstand.test>';

describe.each(BACKENDS)('outbox on %s', (backend) => {
  let t: TestApp;
  let good: Peer;
  let rejecting: Peer;
  beforeAll(async () => {
    t = await createTestApp(backend);
    good = await smtpPeer();
    rejecting = await smtpPeer({ reject: true });
  });
  afterAll(async () => {
    await good.close();
    await rejecting.close();
    await t.close();
  });
  beforeEach(async () => {
    await t.ctx.db.delete(pendingEmails);
    good.messages.length = 0;
  });

  const queue = (n: number, tag: string) =>
    Promise.all(
      Array.from({ length: n }, (_, i) =>
        queueEmail(t.ctx.db, {
          recipient: `${tag}-${i}@example.test`,
          subject: `${tag} ${i}`,
          body: `Hello ${i}`,
          actionUrl: `http://localhost/request/${i}`,
          actionText: 'Open the request',
        }),
      ),
    );
  const rows = () => t.ctx.db.select().from(pendingEmails).orderBy(pendingEmails.subject);
  const worker = (smtpUrl: string, pollMs = 60_000) => startOutboxWorker(t.ctx.database, { smtpUrl, from: FROM, pollMs });

  it('queues several e-mails in one insert, the same rows as queued one by one', async () => {
    const emails: OutgoingEmail[] = [
      {
        recipient: 'a@example.test',
        subject: 'Task overdue: Youth Camp',
        body: 'Hi A,\n\nSunday Slide Deck was due.',
        actionUrl: 'http://localhost/request/1',
        actionText: 'View Request',
        html: '<p>Hi A,</p>',
        listUnsubscribe: 'http://localhost/email/off?token=a',
      },
      { recipient: 'b@example.test', subject: 'Welcome', body: 'Hello B\n\nSign in.', actionUrl: 'http://localhost/login' },
      { recipient: 'c@example.test', subject: 'Plain', body: 'Hello C' },
    ];
    // Everything but the row's own id and times.
    const written = async () =>
      (await t.ctx.db.select().from(pendingEmails).orderBy(pendingEmails.recipient)).map(
        ({ id: _id, createdAt: _created, nextAttemptAt: _next, ...row }) => row,
      );
    const oneByOne = await countInserts(t.ctx.db, 'pending_emails', async () => {
      for (const email of emails) await queueEmail(t.ctx.db, email);
    });
    const expected = await written();
    await t.ctx.db.delete(pendingEmails);

    expect(await countInserts(t.ctx.db, 'pending_emails', () => queueEmails(t.ctx.db, emails))).toBe(1);
    expect(oneByOne).toBe(3);
    expect(await written()).toEqual(expected);
    expect(expected.map((r) => [r.recipient, r.listUnsubscribe, r.html?.includes('Sign in.')])).toEqual([
      ['a@example.test', 'http://localhost/email/off?token=a', false],
      ['b@example.test', null, true],
      ['c@example.test', null, false],
    ]);
    // Nothing to queue sends nothing.
    expect(await countInserts(t.ctx.db, 'pending_emails', () => queueEmails(t.ctx.db, []))).toBe(0);
  });

  it("signs every e-mail with the church's name once it has one, after the footer, leaving a secret's place as it was", async () => {
    const invite: OutgoingEmail = {
      recipient: 'new@example.test',
      subject: 'Your Lampstand account',
      body: 'Hi,\n\nTemporary password: Abc123xyz789',
      secrets: ['Abc123xyz789'],
    };
    const digest: OutgoingEmail = {
      recipient: 'old@example.test',
      subject: 'Digest',
      body: `Hello${SIGNATURE}You get the daily digest.`,
      html: '<!doctype html><html><body><p>Hello</p></body></html>',
    };
    const [{ church_name: before }] = rowsOf<{ church_name: string }>(await t.ctx.db.execute(sql`select church_name from church_settings`));
    const named = (name: string) => t.ctx.db.execute(sql`update church_settings set church_name = ${name}`);
    await named('  ');
    await queueEmails(t.ctx.db, [invite, digest]);
    const unnamed = await rows();
    expect(unnamed.map((r) => r.body)).toEqual([digest.body, invite.body]);

    await t.ctx.db.delete(pendingEmails);
    await named('Grace <Chapel>');
    try {
      await queueEmails(t.ctx.db, [invite, digest]);
      const [signedDigest, signedInvite] = await rows();
      expect(signedInvite.body).toBe(`${invite.body}${SIGNATURE}Grace <Chapel>`);
      expect(signedInvite.html).toContain('Grace &lt;Chapel&gt;</p></body>');
      expect(signedInvite.secretSpans).toEqual(unnamed[1].secretSpans);
      expect(signedInvite.secretSpans).toHaveLength(1);
      expect(signedDigest.body).toBe(`${digest.body}\nGrace <Chapel>`);
      expect(signedDigest.html).toBe(
        '<!doctype html><html><body><p>Hello</p><p style="font-size:12px;color:#64748b;margin:12px 0 0">Grace &lt;Chapel&gt;</p></body></html>',
      );
      // As sent: the action link before the footer, the name last.
      expect(renderText(signedInvite.body, { url: 'http://localhost/login', text: 'Sign in' })).toBe(
        `${invite.body}\n\nSign in: http://localhost/login${SIGNATURE}Grace <Chapel>`,
      );
    } finally {
      await named(before);
    }
  });

  it('sends each queued e-mail once through SMTP and marks it sent', async () => {
    await queue(3, 'welcome');
    const w = worker(good.url);
    try {
      expect(await w.runOnce()).toEqual({ sent: 3, failed: 0 });
      expect(await w.runOnce()).toEqual({ sent: 0, failed: 0 });
    } finally {
      await w.stop();
    }
    expect(good.messages.map((m) => m.to[0]).sort()).toEqual([
      'welcome-0@example.test',
      'welcome-1@example.test',
      'welcome-2@example.test',
    ]);
    const first = good.messages.find((m) => m.to[0] === 'welcome-0@example.test')!;
    const firstRow = (await rows()).find((r) => r.recipient === 'welcome-0@example.test')!;
    expect(first.raw).toContain(`Message-ID: ${outboxMessageId(firstRow.id, 'lampstand.test')}`);
    expect(first.raw).toContain('Subject: welcome 0');
    expect(first.raw).toContain('Open the request: http://localhost/request/0');
    expect(first.raw).toContain('no-reply@lampstand.test');
    for (const row of await rows()) {
      expect(row).toMatchObject({ sent: true, attempts: 1, lastError: null, lockedUntil: null });
      expect(row.sentAt).toBeInstanceOf(Date);
    }
  });

  it('the worker polls on its own', async () => {
    const w = worker(good.url, 50);
    try {
      await queue(2, 'polled');
      const until = Date.now() + 10_000;
      while (good.messages.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    } finally {
      await w.stop();
    }
    expect(good.messages).toHaveLength(2);
    expect((await rows()).every((r) => r.sent)).toBe(true);
  });

  it('a refusing relay leaves the row unsent with the error and a backoff; a later retry succeeds', async () => {
    await queue(1, 'retry');
    const bad = worker(rejecting.url);
    try {
      expect(await bad.runOnce()).toEqual({ sent: 0, failed: 1 });
      // Not due again until the backoff passes.
      expect(await bad.runOnce()).toEqual({ sent: 0, failed: 0 });
    } finally {
      await bad.stop();
    }
    const [row] = await rows();
    expect(row.sent).toBe(false);
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/550|Mailbox unavailable/);
    expect(row.lockedUntil).toBeNull();
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + (backoffSeconds(1) - 5) * 1000);

    await t.ctx.db
      .update(pendingEmails)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(pendingEmails.id, row.id));
    const ok = worker(good.url);
    try {
      expect(await ok.runOnce()).toEqual({ sent: 1, failed: 0 });
    } finally {
      await ok.stop();
    }
    const [after] = await rows();
    expect(after).toMatchObject({ sent: true, attempts: 2, lastError: null });
    expect(good.messages).toHaveLength(1);
  });

  it('an unreachable relay counts as a failed attempt with backoff', async () => {
    await queue(1, 'down');
    const w = worker(`smtp://127.0.0.1:${await closedPort()}`);
    try {
      expect(await w.runOnce()).toEqual({ sent: 0, failed: 1 });
    } finally {
      await w.stop();
    }
    const [row] = await rows();
    expect(row).toMatchObject({ sent: false, attempts: 1 });
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
  });

  it('backoff doubles from 30 seconds and stops at an hour', () => {
    expect([1, 2, 3, 4].map(backoffSeconds)).toEqual([30, 60, 120, 240]);
    expect(backoffSeconds(20)).toBe(3600);
  });

  it('concurrent deliveries never send the same row twice', async () => {
    await queue(40, 'burst');
    const sends = new Map<string, number>();
    const send = async (m: { subject: string }) => {
      sends.set(m.subject, (sends.get(m.subject) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, Math.random() * 5));
    };
    for (let round = 0; round < 10 && sends.size < 40; round++) {
      await Promise.all([1, 2, 3, 4].map(() => deliverDueEmails(t.ctx.db, send, { batch: 7 })));
    }
    expect(sends.size).toBe(40);
    expect([...sends.values()].every((n) => n === 1)).toBe(true);
    expect((await rows()).every((r) => r.sent && r.attempts === 1)).toBe(true);
  });

  it('a worker whose lease lapsed mid-batch skips rows another worker re-claimed', async () => {
    await queue(5, 'lease');
    const sends = new Map<string, number>();
    const count = (m: { subject: string }) => sends.set(m.subject, (sends.get(m.subject) ?? 0) + 1);
    let lapsed = false;
    const slowSend = async (m: { subject: string }) => {
      count(m);
      if (lapsed) return;
      lapsed = true;
      // While this send hangs, the lease on the rest of the batch runs out and another worker takes them.
      await t.ctx.db.execute(
        sql`update ${pendingEmails} set locked_until = now() - interval '1 second' where sent = false and subject <> ${m.subject}`,
      );
      expect(await deliverDueEmails(t.ctx.db, async (other) => count(other))).toEqual({ sent: 4, failed: 0 });
    };
    const first = await deliverDueEmails(t.ctx.db, slowSend);
    expect(first).toEqual({ sent: 1, failed: 0 });
    expect(sends.size).toBe(5);
    expect([...sends.values()].every((n) => n === 1)).toBe(true);
  });

  it("a 'mark sent' that fails once after a successful send is tried again: each e-mail goes out exactly once", async () => {
    await queue(3, 'restart');
    const sends: OutgoingMessage[] = [];
    let failures = 0;
    const db = flaky(t.ctx.db, /set "?sent"? = true/, () => failures++ === 0);
    expect(await deliverDueEmails(db, async (m) => void sends.push(m), { markRetryMs: 20 })).toEqual({ sent: 3, failed: 0 });
    expect(failures).toBeGreaterThan(1);
    expect(await deliverDueEmails(t.ctx.db, async (m) => void sends.push(m))).toEqual({ sent: 0, failed: 0 });
    expect(sends.map((m) => m.to).sort()).toEqual(['restart-0@example.test', 'restart-1@example.test', 'restart-2@example.test']);
    expect((await rows()).every((r) => r.sent && r.attempts === 1 && r.lockedUntil === null)).toBe(true);
  });

  it("when 'mark sent' cannot land within the lease, the rest of the batch is released at once and a repeat carries the same Message-ID", async () => {
    await queue(3, 'outage');
    const sends: OutgoingMessage[] = [];
    const send = async (m: OutgoingMessage) => void sends.push(m);
    const db = flaky(t.ctx.db, /set "?sent"? = true/, () => true);
    const started = Date.now();
    await expect(deliverDueEmails(db, send, { leaseSeconds: 3, markRetryMs: 50, messageDomain: 'lampstand.test' })).rejects.toBeInstanceOf(
      MarkSentError,
    );
    // It kept trying for most of the lease, not once.
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    expect(sends).toHaveLength(1);
    // Claimed in created_at order, which the parallel inserts leave open: find the one sent.
    const all = await rows();
    const first = all.find((r) => r.recipient === sends[0].to)!;
    const others = all.filter((r) => r !== first);
    expect(first).toMatchObject({ sent: false, attempts: 1 });
    expect(first.lockedUntil).not.toBeNull();
    // The two never tried are free now, their attempt given back, not left leased for the lease's length.
    for (const r of others) expect(r).toMatchObject({ sent: false, attempts: 0, lockedUntil: null });

    // The lease runs out; the e-mail is claimed and sent again, recognisably the same message.
    await t.ctx.db
      .update(pendingEmails)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(pendingEmails.id, first.id));
    expect(await deliverDueEmails(t.ctx.db, send, { messageDomain: 'lampstand.test' })).toEqual({ sent: 3, failed: 0 });
    const repeats = sends.filter((m) => m.to === first.recipient);
    expect(repeats).toHaveLength(2);
    expect(repeats[0].messageId).toBe(outboxMessageId(first.id, 'lampstand.test'));
    expect(repeats[1].messageId).toBe(repeats[0].messageId);
  });

  it('a database outage during polls is logged once, not per poll, and mail flows again after it', async () => {
    await queue(2, 'polls');
    const log = captureLog();
    const errors: unknown[] = [];
    let down = true;
    let failedPolls = 0;
    const db = flaky(t.ctx.db, /.*/, () => down && ++failedPolls > 0);
    const w = startOutboxWorker(
      { ...t.ctx.database, db: db as typeof t.ctx.db },
      {
        smtpUrl: good.url,
        from: FROM,
        pollMs: 20,
        onError: (err) => errors.push(err),
      },
    );
    try {
      await until(() => failedPolls >= 5, 'several failed polls');
      expect(errors).toEqual([]);
      expect(log.lines.filter((l) => /outage started/.test(l.msg))).toHaveLength(1);
      down = false;
      await until(() => good.messages.length === 2, 'the queued e-mails to go out');
      await until(() => !t.ctx.database.outage.active, 'the outage to end');
      const ended = log.lines.find((l) => /available again/.test(l.msg))!;
      expect((ended.obj.failures as { outbox: number }).outbox).toBeGreaterThanOrEqual(5);
    } finally {
      down = false;
      await w.stop();
      log.restore();
    }
  });

  it('the Message-ID domain is the sender address domain', () => {
    expect(mailDomain('Lampstand <no-reply@lampstand.test>')).toBe('lampstand.test');
    expect(mailDomain('no-reply@church.example.org')).toBe('church.example.org');
    expect(mailDomain('Lampstand')).toBe('lampstand.local');
  });

  it('without SMTP nothing is sent and admins read the outbox; coordinators may not', async () => {
    await queue(30, 'waiting');
    const admin = await sessionAgent(t.app, (await buildUser(t.ctx.db, { role: 'admin' })).id);
    const coordinator = await sessionAgent(t.app, (await buildUser(t.ctx.db, { role: 'coordinator' })).id);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/outbox' })).statusCode).toBe(401);
    expect((await coordinator.inject({ method: 'GET', url: '/api/admin/outbox' })).statusCode).toBe(403);

    const seen: string[] = [];
    let cursor: string | null = null;
    let queued = 0;
    do {
      const res = await admin.inject({
        method: 'GET',
        url: `/api/admin/outbox?limit=8${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { items: Array<{ recipient: string; sent: boolean }>; nextCursor: string | null; queued: number };
      seen.push(...body.items.map((i) => i.recipient));
      expect(body.items.every((i) => !i.sent)).toBe(true);
      cursor = body.nextCursor;
      queued = body.queued;
    } while (cursor);
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
    expect(queued).toBe(30);

    const one = await admin.inject({ method: 'GET', url: '/api/admin/outbox?recipient=WAITING-7@example.test' });
    expect(one.json().items.map((i: { recipient: string }) => i.recipient)).toEqual(['waiting-7@example.test']);
    const bad = await admin.inject({ method: 'GET', url: '/api/admin/outbox?cursor=garbage' });
    expect(bad.statusCode).toBe(400);
    expect((await admin.inject({ method: 'GET', url: '/api/admin/outbox?limit=0' })).statusCode).toBe(400);
    expect(good.messages).toHaveLength(0);
  });
});
