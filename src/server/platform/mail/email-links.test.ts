import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { emailPreferences, pendingEmails } from '../db/schema';
import { sessionAgent } from '../../test/agent';
import { BACKENDS, createTestApp, type Agent, type TestApp } from '../../test/harness';
import { requestIdByTitle, userIdByEmail } from '../../test/request-fixtures';
import { buildItem, buildRequest } from '../../test/task-fixtures';
import { buildUser } from '../../test/factories';
import { runNudges } from '../../modules/tasks/nudges';

/**
 * Every e-mailed link takes its origin from the configuration fixed at start-up (decision 0008):
 * a Host header chosen by the client, or passed through by a proxy, never reaches an e-mail.
 */
const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

describe('the configured origin', () => {
  it('is APP_ORIGIN as an origin, or http://localhost:PORT without it', () => {
    expect(loadConfig({ PORT: '4100' })).toMatchObject({ appOrigin: 'http://localhost:4100', appOriginConfigured: false });
    expect(loadConfig({})).toMatchObject({ appOrigin: 'http://localhost:3000' });
    expect(loadConfig({ APP_ORIGIN: 'https://lampstand.example.org/' })).toMatchObject({
      appOrigin: 'https://lampstand.example.org',
      appOriginConfigured: true,
    });
    expect(() => loadConfig({ APP_ORIGIN: 'lampstand.example.org' })).toThrow(/APP_ORIGIN/);
    expect(() => loadConfig({ APP_ORIGIN: 'ftp://lampstand.example.org' })).toThrow(/APP_ORIGIN/);
  });
});

describe.each(BACKENDS)('e-mailed links on %s', (backend) => {
  let t: TestApp;
  const as: Record<string, Agent> = {};
  beforeAll(async () => {
    t = await createTestApp(backend, { seed: true });
    for (const role of ['admin', 'coordinator', 'requester']) {
      as[role] = await sessionAgent(t.app, await userIdByEmail(t.ctx.db, `${role}@example.org`));
    }
  });
  afterAll(async () => t.close());

  const linksTo = async (recipient: string) =>
    (await t.ctx.db.select().from(pendingEmails).where(eq(pendingEmails.recipient, recipient))).map((m) => m.actionUrl);

  it('a password reset link ignores a forged Host header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'viewer@example.org' },
      headers: FORGED,
    });
    expect(res.statusCode).toBe(200);
    const [link] = await linksTo('viewer@example.org');
    expect(link).toMatch(/^http:\/\/localhost:3000\/change-password\?token=[\w-]{20,}$/);
  });

  it('assignment, bulk assignment and mention e-mails ignore it too', async () => {
    const creativeId = await userIdByEmail(t.ctx.db, 'creative@example.org');
    const request = await buildRequest(t.ctx.db, await userIdByEmail(t.ctx.db, 'requester@example.org'));
    const single = await buildItem(t.ctx.db, request.id);
    const bulk = await buildItem(t.ctx.db, request.id, { channel: 'banner' });
    const retreat = await requestIdByTitle(t.ctx.db, 'Marriage Retreat');
    const before = (await linksTo('creative@example.org')).length;
    // Assignments wait for the digest by default; this person wants them at once.
    await t.ctx.db.insert(emailPreferences).values({ userId: creativeId, kind: 'assignment', mode: 'immediate' });

    const sent = [
      await as.coordinator.inject({
        method: 'POST',
        url: `/api/tasks/${single.id}/assign`,
        payload: { assigneeId: creativeId },
        headers: FORGED,
      }),
      await as.coordinator.inject({
        method: 'POST',
        url: '/api/board/assign',
        payload: { itemIds: [bulk.id], assigneeId: creativeId },
        headers: FORGED,
      }),
      await as.requester.inject({
        method: 'POST',
        url: `/api/requests/${retreat}/messages`,
        payload: { body: 'Thanks @Chloe Creative' },
        headers: FORGED,
      }),
    ];
    expect(sent.map((r) => r.statusCode)).toEqual([200, 200, 201]);
    const links = (await linksTo('creative@example.org')).slice(before);
    expect(links).toHaveLength(3);
    // The assignments link to the signed answer page, the mention to the request: all at the app's own origin.
    for (const link of links) expect(link).toMatch(/^http:\/\/localhost:3000\/(request\/[\w-]+|respond\?token=[\w.-]+)$/);
  });

  it('a nudge e-mail links to the waiting item at the app’s own origin', async () => {
    const approver = await buildUser(t.ctx.db, { role: 'requester' });
    await t.ctx.db.insert(emailPreferences).values({ userId: approver.id, kind: 'reminder', mode: 'immediate' });
    const now = new Date('2027-06-10T13:00:00Z');
    const request = await buildRequest(t.ctx.db, approver.id, { status: 'in_review' });
    const proof = await buildItem(t.ctx.db, request.id, {
      status: 'proof_ready',
      stageEnteredAt: new Date(now.getTime() - 3 * 86_400_000),
    });
    await runNudges(t.ctx, now);
    const [link, ...more] = await linksTo(approver.email);
    expect(more).toEqual([]);
    expect(link).toBe(`http://localhost:3000/request/${request.id}?tab=items&item=${proof.id}`);
  });

  it('without APP_ORIGIN a browser at 127.0.0.1 (its own origin) still passes the CSRF check', async () => {
    const res = await as.admin.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      payload: {},
      headers: { host: '127.0.0.1:3314', origin: 'http://127.0.0.1:3314' },
    });
    expect(res.statusCode).toBe(200);
    const foreign = await as.admin.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      payload: {},
      headers: { host: '127.0.0.1:3314', origin: 'http://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
  });
});

describe.each(BACKENDS)('with APP_ORIGIN on %s', (backend) => {
  const APP_ORIGIN = 'https://lampstand.example.org';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, { seed: true, config: { appOrigin: APP_ORIGIN, appOriginConfigured: true } });
  });
  afterAll(async () => t.close());

  it('links use it, and it is the one origin the CSRF check accepts', async () => {
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'viewer@example.org' }, headers: FORGED });
    const [mail] = await t.ctx.db.select().from(pendingEmails).where(eq(pendingEmails.recipient, 'viewer@example.org'));
    expect(mail.actionUrl).toMatch(/^https:\/\/lampstand\.example\.org\/change-password\?token=/);

    const forgot = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'nobody@example.test' }, headers });
    expect((await forgot({ origin: APP_ORIGIN })).statusCode).toBe(200);
    // The request's own origin is not enough once APP_ORIGIN says where the app lives.
    expect((await forgot({ host: 'evil.example', origin: 'http://evil.example' })).statusCode).toBe(403);
  });
});
