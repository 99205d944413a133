import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ActivityEntry, ActivityFeed } from '../../../shared/api/notifications';
import type { Role } from '../../../shared/domain/roles';
import { inTransaction } from '../../platform/context';
import { notifications, requestMessages } from '../../platform/db/schema';
import type { AppEvent } from '../../platform/events/bus';
import { sessionAgent } from '../../test/agent';
import { BACKENDS, createTestApp, type Agent, type TestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { createNotifications } from '../../commands/notify';
import { buildRequest } from '../../test/task-fixtures';
import { countWaves } from '../../test/statement-count';

/**
 * A moment of its own for each test's rows, after every row written before (also by earlier runs on
 * a kept PostgreSQL database): far in the future, real time stretched 100 times, one minute apart
 * per test, so each test's rows sort on top of the feed when it reads it.
 */
let lane = 0;
const laneStart = () => Date.UTC(2100, 0, 1) + (Date.now() - Date.UTC(2026, 0, 1)) * 100 + ++lane * 60_000;

describe.each(BACKENDS)('the master activity feed on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => t.close());

  const agentOf = async (role: Role, fullName?: string) =>
    sessionAgent(t.app, (await buildUser(t.ctx.db, { role, ...(fullName ? { fullName } : {}) })).id);

  const feed = async (agent: Agent, query = '') => {
    const res = await agent.inject({ method: 'GET', url: `/api/notifications/feed${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ActivityFeed;
  };

  it('is for coordinators and admins only: everyone else gets 403, signed out 401', async () => {
    for (const role of ['viewer', 'requester', 'creative', 'approver'] as const) {
      const res = await (await agentOf(role)).inject({ method: 'GET', url: '/api/notifications/feed' });
      expect(res.statusCode, role).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications/feed' })).statusCode).toBe(401);
    for (const role of ['coordinator', 'admin'] as const) await feed(await agentOf(role));
  });

  it("merges everyone's notifications and every request's messages newest first, with who and the request", async () => {
    const coordinator = await agentOf('coordinator');
    const jo = await buildUser(t.ctx.db, { role: 'requester', fullName: `Jo ${randomUUID().slice(0, 6)}` });
    const sam = await buildUser(t.ctx.db, { role: 'creative', fullName: `Sam ${randomUUID().slice(0, 6)}` });
    const request = await buildRequest(t.ctx.db, jo.id, { eventTitle: 'Easter Egg Hunt' });
    const at = laneStart();
    await t.ctx.db.insert(requestMessages).values([
      { requestId: request.id, authorId: sam.id, body: 'Second', createdAt: new Date(at + 2000) },
      { requestId: request.id, authorId: jo.id, body: 'Fourth', createdAt: new Date(at) },
    ]);
    await t.ctx.db.insert(notifications).values([
      { userId: jo.id, title: 'First', type: 'status_change', requestId: request.id, createdAt: new Date(at + 3000) },
      { userId: sam.id, title: 'Third', type: 'assignment', createdAt: new Date(at + 1000) },
    ]);
    const { items } = await feed(coordinator);
    const mine = items.filter((e) => e.who === jo.fullName || e.who === sam.fullName);
    expect(mine.map((e) => [e.kind, e.type, e.title, e.body, e.who])).toEqual([
      ['notification', 'status_change', 'First', '', jo.fullName],
      ['message', 'message', 'Message on Easter Egg Hunt', 'Second', sam.fullName],
      ['notification', 'assignment', 'Third', '', sam.fullName],
      ['message', 'message', 'Message on Easter Egg Hunt', 'Fourth', jo.fullName],
    ]);
    expect(mine[0]).toMatchObject({ requestId: request.id, requestTitle: 'Easter Egg Hunt', link: `/request/${request.id}` });
    expect(mine[1]).toMatchObject({ requestId: request.id, requestTitle: 'Easter Egg Hunt', link: `/request/${request.id}` });
    expect(mine[2]).toMatchObject({ requestId: null, requestTitle: null, link: null });
    expect(mine.map((e) => e.createdAt)).toEqual([3000, 2000, 1000, 0].map((d) => new Date(at + d).toISOString()));
  });

  it('pages through 1,000 rows by keyset: every row once, in one order, the first page the latest 200 of a source', async () => {
    const admin = await agentOf('admin');
    const person = await buildUser(t.ctx.db, { role: 'requester' });
    const request = await buildRequest(t.ctx.db, person.id);
    const at = laneStart();
    // 600 notifications, 20 sharing each moment (one multi-row insert shares now()), and 400 messages.
    await t.ctx.db.insert(notifications).values(
      Array.from({ length: 600 }, (_, i) => ({
        userId: person.id,
        title: `N${i}`,
        type: 'deadline_warning',
        createdAt: new Date(at - Math.floor(i / 20) * 1000),
      })),
    );
    await t.ctx.db.insert(requestMessages).values(
      Array.from({ length: 400 }, (_, i) => ({
        requestId: request.id,
        authorId: person.id,
        body: `M${i}`,
        createdAt: new Date(at - i * 77),
      })),
    );
    const seen: ActivityEntry[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: ActivityFeed = await feed(admin, cursor ? `?cursor=${encodeURIComponent(cursor)}` : '');
      if (pages === 0) {
        expect(page.items.filter((e) => e.kind === 'notification')).toHaveLength(200);
        expect(page.items.length).toBeLessThanOrEqual(400);
      }
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 50);
    expect(cursor).toBeNull();
    expect(new Set(seen.map((e) => `${e.kind}:${e.id}`)).size).toBe(seen.length);
    const mine = seen.filter((e) => e.who === person.fullName);
    expect(mine).toHaveLength(1000);
    const times = seen.map((e) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('a smaller limit reads fewer of each source per page', async () => {
    const coordinator = await agentOf('coordinator');
    const page = await feed(coordinator, '?limit=3');
    expect(page.items.filter((e) => e.kind === 'notification').length).toBeLessThanOrEqual(3);
    expect(page.items.filter((e) => e.kind === 'message').length).toBeLessThanOrEqual(3);
  });

  it('bad input is a 400', async () => {
    const coordinator = await agentOf('coordinator');
    for (const query of [
      '?limit=0',
      '?limit=201',
      '?limit=x',
      '?cursor=garbage',
      `?cursor=${encodeURIComponent('2024-01-01T00:00:00Z|nope')}`,
    ]) {
      const res = await coordinator.inject({ method: 'GET', url: `/api/notifications/feed${query}` });
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('a crowd asking at once shares builds, and an answer asked after a write holds it', async () => {
    const coordinator = await agentOf('coordinator');
    const person = await buildUser(t.ctx.db, { role: 'requester' });
    const title = `Crowd ${randomUUID().slice(0, 8)}`;
    // A row of its own before the crowd asks, so that the crowd has something to read whichever
    // tests ran before this one.
    const before = `Before ${title}`;
    const at = laneStart();
    await t.ctx.db.insert(notifications).values({ userId: person.id, title: before, type: 'manual_reminder', createdAt: new Date(at) });
    const { result, statements } = await countWaves(
      t.ctx.db,
      async () => {
        const crowd = Array.from({ length: 8 }, () => feed(coordinator));
        await t.ctx.db.insert(notifications).values({ userId: person.id, title, type: 'manual_reminder', createdAt: new Date(at + 1000) });
        const after = await feed(coordinator);
        return { crowd: await Promise.all(crowd), after };
      },
      { ignore: (text) => !text.includes('from request_messages m') },
    );
    expect(result.after.items[0]).toMatchObject({ kind: 'notification', title });
    // Each of the crowd read the feed after it asked: before the write, or after it.
    for (const answer of result.crowd) expect([before, title]).toContain(answer.items[0]?.title);
    expect(statements).toBeLessThan(9);
  });

  it('writing a notification or posting a message publishes the feed event for coordinators', async () => {
    const events: AppEvent[] = [];
    const person = await buildUser(t.ctx.db, { role: 'requester' });
    await inTransaction(t.ctx, (tx, evs) =>
      createNotifications(tx, evs, [{ userId: person.id, title: 'Hello', body: '', type: 'manual_reminder' }]).then(() => {
        events.push(...evs);
      }),
    );
    expect(events).toContainEqual({ topic: 'activity', audience: { minRole: 'coordinator' } });

    const publish = vi.spyOn(t.ctx.bus, 'publish');
    try {
      const coordinator = await agentOf('coordinator');
      const request = await buildRequest(t.ctx.db, coordinator.userId);
      const res = await coordinator.inject({
        method: 'POST',
        url: `/api/requests/${request.id}/messages`,
        payload: { body: 'Note to self' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const published = publish.mock.calls.flatMap(([evs]) => evs);
      expect(published).toContainEqual({ topic: 'activity', audience: { minRole: 'coordinator' } });
    } finally {
      publish.mockRestore();
    }
  });
});
