import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inTransaction } from '../../platform/context';
import { notifications } from '../../platform/db/schema';
import { UNREAD_COUNT_CAP } from '../../../shared/api/notifications';
import { sessionAgent } from '../../test/agent';
import { BACKENDS, createTestApp, type Agent, type TestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { createNotifications } from '../../commands/notify';
import { buildRequest } from '../../test/task-fixtures';

interface Dto {
  id: string;
  title: string;
  read: boolean;
  createdAt: string;
  link: string | null;
}

describe.each(BACKENDS)('notifications on %s', (backend) => {
  let t: TestApp;
  let me: Agent;
  let someoneElse: Agent;
  let theirs: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => t.close());
  // Two new people with their own notifications for every test: no test reads another's reads.
  beforeEach(async () => {
    me = await sessionAgent(t.app, (await buildUser(t.ctx.db, { role: 'viewer' })).id);
    someoneElse = await sessionAgent(t.app, (await buildUser(t.ctx.db, { role: 'admin' })).id);
    // 30 rows in one insert share one created_at; 12 more spread over the past days.
    await inTransaction(t.ctx, (tx, events) =>
      createNotifications(
        tx,
        events,
        Array.from({ length: 30 }, (_, i) => ({ userId: me.userId, title: `Batch ${i}`, body: '', type: 'assignment' })),
      ),
    );
    await t.ctx.db.insert(notifications).values(
      Array.from({ length: 12 }, (_, i) => ({
        userId: me.userId,
        title: `Older ${i}`,
        type: 'status_change',
        read: i % 3 === 0,
        createdAt: new Date(Date.now() - (i + 1) * 3_600_000 - (i % 2) * 0.5),
      })),
    );
    const [row] = await t.ctx.db
      .insert(notifications)
      .values({ userId: someoneElse.userId, title: 'Not yours', type: 'assignment' })
      .returning();
    theirs = row.id;
  });

  const list = async (agent: Agent, query: string) => {
    const res = await agent.inject({ method: 'GET', url: `/api/notifications${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: Dto[]; nextCursor: string | null };
  };
  const unread = async (agent: Agent) =>
    (await agent.inject({ method: 'GET', url: '/api/notifications/unread-count' })).json().count as number;
  const allRows = () => t.ctx.db.select().from(notifications).orderBy(notifications.id);

  it('counts unread exactly up to the cap, and says "more" past it (decision 0028)', async () => {
    const res = await me.inject({ method: 'GET', url: '/api/notifications/unread-count' });
    // 30 new ones and 8 of the 12 older ones are unread.
    expect(res.json()).toEqual({ count: 38, capped: false });
    const many = await sessionAgent(t.app, (await buildUser(t.ctx.db, { role: 'admin' })).id);
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ userId: many.userId, title: `Overdue ${i}`, type: 'reminder' }));
    await t.ctx.db.insert(notifications).values(rows(UNREAD_COUNT_CAP));
    expect((await many.inject({ method: 'GET', url: '/api/notifications/unread-count' })).json()).toEqual({
      count: UNREAD_COUNT_CAP,
      capped: false,
    });
    await t.ctx.db.insert(notifications).values(rows(1));
    expect((await many.inject({ method: 'GET', url: '/api/notifications/unread-count' })).json()).toEqual({
      count: UNREAD_COUNT_CAP,
      capped: true,
    });
  });

  it('signed out gets 401 on every notification route', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['POST', `/api/notifications/${theirs}/read`],
      ['POST', '/api/notifications/read-all'],
    ] as const) {
      expect((await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined })).statusCode).toBe(401);
    }
  });

  it('counts only my unread notifications', async () => {
    expect(await unread(me)).toBe(30 + 8);
    expect(await unread(someoneElse)).toBe(1);
  });

  it('lists newest first, and paging with the cursor returns every row exactly once', async () => {
    const first = await list(me, '?limit=5');
    expect(first.items).toHaveLength(5);
    expect(first.items[0].title).toMatch(/^Batch/);
    expect(first.items[0].link).toBeNull();
    const seen: Dto[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list(me, `?limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 20);
    expect(seen).toHaveLength(42);
    expect(new Set(seen.map((n) => n.id)).size).toBe(42);
    expect(pages).toBe(6);
    const times = seen.map((n) => Date.parse(n.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(seen.some((n) => n.title === 'Not yours')).toBe(false);
    // The last full page says there is no next one.
    expect((await list(me, '?limit=42')).nextCursor).toBeNull();
    expect((await list(me, '?limit=41')).nextCursor).not.toBeNull();
  });

  it('the unreadOnly filter pages through unread rows only', async () => {
    const seen: Dto[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(me, `?unreadOnly=true&limit=9${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(38);
    expect(seen.every((n) => !n.read)).toBe(true);
  });

  it("marks one read; another user's notification is a 404 and stays unread", async () => {
    const [target] = (await list(me, '?unreadOnly=true&limit=1')).items;
    const res = await me.inject({ method: 'POST', url: `/api/notifications/${target.id}/read`, payload: {} });
    expect(res.statusCode).toBe(204);
    expect(await unread(me)).toBe(37);
    const again = await me.inject({ method: 'POST', url: `/api/notifications/${target.id}/read`, payload: {} });
    expect(again.statusCode).toBe(204);

    const foreign = await me.inject({ method: 'POST', url: `/api/notifications/${theirs}/read`, payload: {} });
    expect(foreign.statusCode).toBe(404);
    const [row] = await t.ctx.db.select().from(notifications).where(eq(notifications.id, theirs));
    expect(row.read).toBe(false);
    expect(await unread(someoneElse)).toBe(1);
  });

  it('bad input is a 400 and changes nothing', async () => {
    const before = await allRows();
    for (const query of [
      '?limit=0',
      '?limit=51',
      '?limit=abc',
      '?cursor=garbage',
      `?cursor=${encodeURIComponent('2024-13-45T99:00:00.000Z|5f0c8a52-8d1b-4c38-9a5a-2d3c4b5a6e7f')}`,
      `?cursor=${encodeURIComponent('2024-01-01T00:00:00.000Z|not-a-uuid')}`,
      `?cursor=${encodeURIComponent("2024-01-01T00:00:00Z|5f0c8a52-8d1b-4c38-9a5a-2d3c4b5a6e7f' or 1=1 --")}`,
      '?unreadOnly=yes',
    ]) {
      const res = await me.inject({ method: 'GET', url: `/api/notifications${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toMatch(/^(validation|bad_request)$/);
    }
    for (const id of ['not-a-uuid', '1', "x' or '1'='1"]) {
      const res = await me.inject({ method: 'POST', url: `/api/notifications/${encodeURIComponent(id)}/read`, payload: {} });
      expect(res.statusCode).toBe(400);
    }
    expect(await allRows()).toEqual(before);
  });

  it('read-all marks only my unread ones and answers how many', async () => {
    const res = await me.inject({ method: 'POST', url: '/api/notifications/read-all', payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 38 });
    expect(await unread(me)).toBe(0);
    expect(await unread(someoneElse)).toBe(1);
    expect((await me.inject({ method: 'POST', url: '/api/notifications/read-all', payload: {} })).json()).toEqual({ updated: 0 });
    const mineUnread = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, me.userId), eq(notifications.read, false)));
    expect(mineUnread[0].n).toBe(0);
  });
});

describe.each(BACKENDS)('opening a request marks its notifications read on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => t.close());

  async function setUp(role: 'requester' | 'coordinator') {
    const me = await sessionAgent(t.app, (await buildUser(t.ctx.db, { role })).id);
    const mine = await buildRequest(t.ctx.db, me.userId);
    const other = await buildRequest(t.ctx.db, me.userId);
    await t.ctx.db.insert(notifications).values([
      { userId: me.userId, title: 'About it', type: 'proof_ready', requestId: mine.id },
      { userId: me.userId, title: 'About it too', type: 'mention', requestId: mine.id },
      { userId: me.userId, title: 'About another', type: 'assignment', requestId: other.id },
    ]);
    const unreadTitles = async () =>
      (
        await t.ctx.db
          .select({ title: notifications.title })
          .from(notifications)
          .where(and(eq(notifications.userId, me.userId), eq(notifications.read, false)))
          .orderBy(notifications.title)
      ).map((r) => r.title);
    return { me, mine, unreadTitles };
  }
  const open = (me: Agent, requestId: string) =>
    me.inject({ method: 'POST', url: '/api/notifications/read-for-request', payload: { requestId } });

  it('for someone below coordinator, marks only their notifications about that request', async () => {
    const { me, mine, unreadTitles } = await setUp('requester');
    const res = await open(me, mine.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 2 });
    expect(await unreadTitles()).toEqual(['About another']);
    expect((await open(me, mine.id)).json()).toEqual({ updated: 0 });
  });

  it('leaves a coordinator’s notifications unread', async () => {
    const { me, mine, unreadTitles } = await setUp('coordinator');
    expect((await open(me, mine.id)).json()).toEqual({ updated: 0 });
    expect(await unreadTitles()).toEqual(['About another', 'About it', 'About it too']);
  });

  it('refuses a bad id and a signed-out caller', async () => {
    const { me } = await setUp('requester');
    expect((await open(me, 'not-a-uuid')).statusCode).toBe(400);
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read-for-request',
      payload: { requestId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(anon.statusCode).toBe(401);
  });
});
