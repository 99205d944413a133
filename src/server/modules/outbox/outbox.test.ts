import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAIL_DELIVERY_MESSAGES,
  OUTBOX_MESSAGES as M,
  type MailDelivery,
  type OutboxEmail,
  type OutboxPage,
} from '../../../shared/api/outbox';
import { activityLog, pendingEmails, users } from '../../platform/db/schema';
import { MAX_ATTEMPTS, maskSecrets, SECRET_MASK, secretSpansOf } from '../../platform/mail/outbox';
import { sessionAgent } from '../../test/agent';
import { buildUser } from '../../test/factories';
import { BACKENDS, createTestApp, signIn, type Agent, type TestApp } from '../../test/harness';

const tag = () => randomBytes(4).toString('hex');

describe('secret spans', () => {
  it('marks every occurrence in the body and the link, and masks only those characters', () => {
    const email = { body: 'Password: abc123\nAgain: abc123.', actionUrl: 'https://x.test/reset?token=abc123', secrets: ['abc123'] };
    const spans = secretSpansOf(email);
    expect(spans).toHaveLength(3);
    expect(maskSecrets(email.body, 'body', spans)).toBe(`Password: ${SECRET_MASK}\nAgain: ${SECRET_MASK}.`);
    expect(maskSecrets(email.actionUrl, 'actionUrl', spans)).toBe(`https://x.test/reset?token=${SECRET_MASK}`);
    expect(maskSecrets('no secret', 'body', [])).toBe('no secret');
  });
});

describe.each(BACKENDS)('the e-mail outbox on %s', (backend) => {
  let t: TestApp;
  let admin: Agent;
  let adminId: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    adminId = (await buildUser(t.ctx.db, { role: 'admin' })).id;
    admin = await sessionAgent(t.app, adminId);
  });
  afterAll(async () => t.close());

  const outbox = async (recipient: string) => {
    const res = await admin.inject({ method: 'GET', url: `/api/admin/outbox?recipient=${encodeURIComponent(recipient)}` });
    expect(res.statusCode, res.body).toBe(200);
    return { page: res.json() as OutboxPage, text: res.body };
  };
  const stored = async (recipient: string) =>
    (await t.ctx.db.select().from(pendingEmails).where(eq(pendingEmails.recipient, recipient))).sort((a, b) => +a.createdAt - +b.createdAt);
  const invite = async () => {
    const email = `invited-${tag()}@example.test`;
    const res = await admin.inject({
      method: 'POST',
      url: '/api/admin/users',
      payload: { fullName: 'Ivy Invited', email, role: 'requester' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { email, id: (res.json() as { user: { id: string } }).user.id };
  };
  const passwordIn = (body: string) => /Temporary password: (\S+)/.exec(body)![1];
  const reveal = (agent: Agent, id: string) => agent.inject({ method: 'POST', url: `/api/admin/outbox/${id}/reveal` });

  it('never lists a temporary password or a reset token: they are masked where they stood', async () => {
    const person = await invite();
    expect((await admin.inject({ method: 'POST', url: `/api/admin/users/${person.id}/reset-password` })).statusCode).toBe(200);
    const member = await buildUser(t.ctx.db, { role: 'requester' });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: member.email } })).statusCode).toBe(
      200,
    );

    const [invitation, reset] = await stored(person.email);
    const [link] = await stored(member.email);
    const secrets = [passwordIn(invitation.body), passwordIn(reset.body), new URL(link.actionUrl!).searchParams.get('token')!];
    for (const recipient of [person.email, member.email]) {
      const { page, text } = await outbox(recipient);
      for (const secret of secrets) expect(text).not.toContain(secret);
      expect(page.items.length).toBeGreaterThan(0);
    }
    const { page } = await outbox(person.email);
    expect(page.items.map((e) => e.body.includes(`Temporary password: ${SECRET_MASK}`))).toEqual([true, true]);
    expect((await outbox(member.email)).page.items[0].actionUrl).toMatch(new RegExp(`token=${SECRET_MASK}$`));
    // The e-mail itself still carries the secret: only the outbox view masks it.
    expect(invitation.body).toContain(secrets[0]);
  });

  it('reveals an invitation’s password once to an admin, logs who revealed whose, and refuses the second time', async () => {
    const person = await invite();
    const [row] = await stored(person.email);
    const listed = (await outbox(person.email)).page.items[0];
    expect(listed).toMatchObject({ canReveal: true, revealedAt: null });

    const first = await reveal(admin, row.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json()).toEqual({ password: passwordIn(row.body) });
    const log = await t.ctx.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.actionType, 'invite_password_revealed'), eq(activityLog.oldValue, person.id)));
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ userId: adminId, requestId: null });
    expect(log[0].notes).toContain(person.email);

    const second = await reveal(admin, row.id);
    expect(second.statusCode).toBe(422);
    expect(second.json().error.message).toBe(M.alreadyRevealed);
    expect((await outbox(person.email)).page.items[0]).toMatchObject({ canReveal: false, revealedAt: expect.any(String) });
  });

  it('refuses a reveal once the person signed in, a newer invitation replaced it, or the e-mail carries none; non-admins never', async () => {
    const person = await invite();
    const [older] = await stored(person.email);
    const coordinator = await sessionAgent(t.app, (await buildUser(t.ctx.db, { role: 'coordinator' })).id);
    expect((await reveal(coordinator, older.id)).statusCode).toBe(403);

    expect((await admin.inject({ method: 'POST', url: `/api/admin/users/${person.id}/resend-invite` })).statusCode).toBe(200);
    const [, newer] = await stored(person.email);
    expect((await outbox(person.email)).page.items.map((e) => e.canReveal)).toEqual([true, false]);
    const stale = await reveal(admin, older.id);
    expect(stale.statusCode).toBe(422);
    expect(stale.json().error.message).toBe(M.noLongerValid);

    await signIn(t.app, person.email, passwordIn(newer.body));
    expect((await outbox(person.email)).page.items[0].canReveal).toBe(false);
    expect((await reveal(admin, newer.id)).json().error.message).toBe(M.noLongerValid);

    const member = await buildUser(t.ctx.db, { role: 'requester' });
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: member.email } });
    const [link] = await stored(member.email);
    expect((await reveal(admin, link.id)).json().error.message).toBe(M.notRevealable);
    expect((await reveal(admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(users).where(eq(users.id, person.id))).toHaveLength(1);
  });

  describe('delivery', () => {
    /** A relay on this machine that takes every e-mail, or refuses every recipient with `refusal`. */
    async function relay(refusal?: string) {
      const received: string[] = [];
      const server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onRcptTo(address, _session, callback) {
          if (refusal) return callback(Object.assign(new Error(refusal), { responseCode: 550 }));
          received.push(address.address);
          callback();
        },
        onData(stream, _session, callback) {
          stream.on('data', () => {});
          stream.on('end', () => callback());
        },
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const port = (server.server.address() as AddressInfo).port;
      return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((r) => server.close(() => r())) };
    }
    const withRelay = async (url: string | null, run: () => Promise<void>) => {
      const before = t.ctx.config.smtpUrl;
      (t.ctx.config as { smtpUrl: string | null }).smtpUrl = url;
      try {
        await run();
      } finally {
        (t.ctx.config as { smtpUrl: string | null }).smtpUrl = before;
      }
    };

    it('without a relay: the delivery status and System Health say e-mails are not delivered, and count what waits', async () => {
      await invite();
      const res = await admin.inject({ method: 'GET', url: '/api/admin/outbox/delivery' });
      expect(res.statusCode, res.body).toBe(200);
      const status = res.json() as MailDelivery;
      expect(status.relayConfigured).toBe(false);
      expect(status.queued).toBeGreaterThan(0);
      const run = await admin.inject({ method: 'POST', url: '/api/admin/system-health/run' });
      expect(run.statusCode, run.body).toBe(200);
      const log = await admin.inject({ method: 'GET', url: '/api/admin/system-health' });
      expect(log.body).toContain(MAIL_DELIVERY_MESSAGES.notDelivering);
      expect(log.body).not.toContain('The outbox is delivering.');
    });

    it('resends a failed e-mail at once; refuses one that did not fail or was sent; admins only', async () => {
      const [failed, waiting, sent] = await t.ctx.db
        .insert(pendingEmails)
        .values([
          { recipient: `f-${tag()}@example.test`, subject: 'F', body: 'x', attempts: MAX_ATTEMPTS, lastError: 'Mailbox unavailable' },
          { recipient: `w-${tag()}@example.test`, subject: 'W', body: 'x' },
          { recipient: `s-${tag()}@example.test`, subject: 'S', body: 'x', sent: true, sentAt: new Date() },
        ])
        .returning();
      expect((await outbox(failed.recipient)).page.items[0].canResend).toBe(true);
      const coordinator = await sessionAgent(t.app, (await buildUser(t.ctx.db, { role: 'coordinator' })).id);
      expect((await coordinator.inject({ method: 'POST', url: `/api/admin/outbox/${failed.id}/resend` })).statusCode).toBe(403);
      const res = await admin.inject({ method: 'POST', url: `/api/admin/outbox/${failed.id}/resend` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json() as OutboxEmail).toMatchObject({ id: failed.id, attempts: 0, sent: false });
      const [row] = await t.ctx.db.select().from(pendingEmails).where(eq(pendingEmails.id, failed.id));
      expect(row.attempts).toBe(0);
      expect(+row.nextAttemptAt).toBeLessThanOrEqual(Date.now() + 1000);
      const notFailed = await admin.inject({ method: 'POST', url: `/api/admin/outbox/${waiting.id}/resend` });
      expect(notFailed.statusCode).toBe(422);
      expect(notFailed.json().error.message).toBe(M.notFailed);
      expect((await admin.inject({ method: 'POST', url: `/api/admin/outbox/${sent.id}/resend` })).json().error.message).toBe(M.alreadySent);
    });

    it('a test e-mail goes to the admin’s own address through the relay, or answers the relay’s error', async () => {
      const me = (await t.ctx.db.select().from(users).where(eq(users.id, adminId)))[0];
      await withRelay(null, async () => {
        const res = await admin.inject({ method: 'POST', url: '/api/admin/outbox/test-email' });
        expect(res.statusCode).toBe(422);
        expect(res.json().error.message).toBe(M.noRelay);
      });
      const good = await relay();
      await withRelay(good.url, async () => {
        const res = await admin.inject({ method: 'POST', url: '/api/admin/outbox/test-email' });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ message: M.testSent(me.email) });
        expect(good.received).toEqual([me.email]);
        expect((await admin.inject({ method: 'GET', url: '/api/admin/outbox/delivery' })).json()).toMatchObject({ relayConfigured: true });
      });
      await good.close();
      const bad = await relay('Mailbox unavailable here');
      await withRelay(bad.url, async () => {
        const res = await admin.inject({ method: 'POST', url: '/api/admin/outbox/test-email' });
        expect(res.statusCode).toBe(422);
        expect(res.json().error).toMatchObject({ code: 'relay_error' });
        expect(res.json().error.message).toContain('Mailbox unavailable here');
      });
      await bad.close();
    });
  });
});
