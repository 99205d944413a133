import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELP_ARTICLE_IDS } from '../../../shared/domain/landing';
import { helpFeedback } from '../../platform/db/schema';
import { sessionAgent } from '../../test/agent';
import { BACKENDS, createTestApp, type Agent, type TestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { setSetting } from '../../platform/settings';

describe.each(BACKENDS)('landing, help feedback and error answers on %s', (backend) => {
  let t: TestApp;
  let admin: Agent;
  let coordinator: Agent;
  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await sessionAgent(t.app, (await buildUser(t.ctx.db, { role: 'admin' })).id);
    coordinator = await sessionAgent(t.app, (await buildUser(t.ctx.db, { role: 'coordinator' })).id);
  });
  afterAll(async () => t.close());

  const stored = async () => (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(helpFeedback))[0].n;
  const feedback = (payload: unknown, agent?: Agent) =>
    (agent ? agent.inject.bind(agent) : t.app.inject.bind(t.app))({
      method: 'POST',
      url: '/api/help/feedback',
      payload: payload as object,
    });

  it('limits help feedback per address, storing nothing past the limit', async () => {
    const from = (remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/help/feedback', remoteAddress, payload: { article: HELP_ARTICLE_IDS[1], helpful: true } });
    for (let i = 0; i < 30; i++) expect((await from('10.9.9.9')).statusCode).toBe(201);
    const before = await stored();
    const refused = await from('10.9.9.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/retry/i);
    expect(await stored()).toBe(before);
    expect((await from('10.9.9.10')).statusCode).toBe(201);
  });

  it('serves the landing content signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/landing' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().content).length).toBeGreaterThan(5);
    expect(res.json().faqs).toEqual([]);
  });

  it("tells the church's lock rule in the tiers' words, and nothing of a lock when it is off", async () => {
    const subheading = async (agent?: Agent) =>
      (await (agent ?? t.app).inject({ method: 'GET', url: agent ? '/api/admin/landing' : '/api/landing' })).json().content
        .tiers_subheading;
    expect(await subheading()).toBe('Each tier comes with its own channels and lead time. Sunday slide decks lock on Thursday at noon.');
    await setSetting(t.ctx.db, 'sundayAutoLock', { enabled: true, weekday: 6, time: '18:30' }, null);
    expect(await subheading()).toBe('Each tier comes with its own channels and lead time. Sunday slide decks lock on Saturday at 18:30.');
    await setSetting(t.ctx.db, 'sundayAutoLock', { enabled: false, weekday: 6, time: '18:30' }, null);
    expect(await subheading()).toBe('Each tier comes with its own channels and lead time.');
    expect(await subheading(admin)).toBe('Each tier comes with its own channels and lead time.');
    // Copy an editor wrote stays as written.
    await t.ctx.db.execute(sql`insert into landing_page_content (section, content) values ('tiers_subheading', 'Ask early.')`);
    expect(await subheading()).toBe('Ask early.');
    await t.ctx.db.execute(sql`delete from landing_page_content where section = 'tiers_subheading'`);
    await setSetting(t.ctx.db, 'sundayAutoLock', { enabled: true, weekday: 4, time: '12:00' }, null);
  });

  it('names the church once an admin has set its name', async () => {
    const landing = async () => (await t.app.inject({ method: 'GET', url: '/api/landing' })).json();
    const church = (await t.app.inject({ method: 'GET', url: '/api/church-config' })).json().church;
    const before = await landing();
    expect(before.churchName).toBe(church.churchName);
    const saved = await admin.inject({ method: 'PUT', url: '/api/admin/church', payload: { ...church, churchName: 'Grace Chapel' } });
    expect(saved.statusCode).toBe(200);
    expect((await landing()).churchName).toBe('Grace Chapel');
    await admin.inject({ method: 'PUT', url: '/api/admin/church', payload: church });
  });

  it('stores help feedback for a known article, signed in or not, and counts it for admins', async () => {
    const [article] = HELP_ARTICLE_IDS;
    expect((await feedback({ article, helpful: true })).statusCode).toBe(201);
    expect((await feedback({ article, helpful: false }, coordinator)).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/help-feedback' })).statusCode).toBe(401);
    expect((await coordinator.inject({ method: 'GET', url: '/api/admin/help-feedback' })).statusCode).toBe(403);
    const summary = await admin.inject({ method: 'GET', url: '/api/admin/help-feedback' });
    expect(summary.statusCode).toBe(200);
    expect(summary.json().articles).toHaveLength(HELP_ARTICLE_IDS.length);
    expect(summary.json().articles[0]).toEqual({ article, yes: 1, no: 1 });
  });

  it('bad feedback is a 400 and stores nothing', async () => {
    const before = await stored();
    for (const payload of [
      { article: 'no-such-article', helpful: true },
      { article: HELP_ARTICLE_IDS[0] },
      { article: HELP_ARTICLE_IDS[0], helpful: 'yes' },
      {},
    ]) {
      const res = await feedback(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation');
    }
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/help/feedback',
      headers: { 'content-type': 'text/plain' },
      payload: 'article=getting-started&helpful=true',
    });
    expect(text.statusCode).toBe(415);
    expect(await stored()).toBe(before);
  });

  it('malformed and oversized bodies get clean 4xx answers', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/help/feedback',
      headers: { 'content-type': 'application/json' },
      payload: '{"article": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).not.toMatch(/\bat \S+\.(js|ts):\d+/);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/help/feedback',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ article: 'x'.repeat(2 * 1024 * 1024), helpful: true }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toEqual(expect.objectContaining({ message: expect.any(String) }));
    const unknown = await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
  });

  it('a server failure answers {error: {code: internal}} with a reference and no internals', async () => {
    // It breaks the table on purpose, and mends it whatever happens: other tests may run after it.
    await t.ctx.db.execute(sql`alter table help_feedback rename to help_feedback_gone`);
    try {
      await expectInternalErrors();
    } finally {
      await t.ctx.db.execute(sql`alter table help_feedback_gone rename to help_feedback`);
    }
  });

  async function expectInternalErrors() {
    const res = await admin.inject({ method: 'GET', url: '/api/admin/help-feedback' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['error']);
    expect(body.error.code).toBe('internal');
    expect(body.error.message).toMatch(
      /^Something went wrong\. Please try again\. \(reference [0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\)$/,
    );
    expect(res.body).not.toMatch(/help_feedback|relation|stack|\.ts:\d+|\.js:\d+/);
    const post = await feedback({ article: HELP_ARTICLE_IDS[0], helpful: true });
    expect(post.statusCode).toBe(500);
    expect(post.body).not.toMatch(/help_feedback|relation|insert/);
  }
});
