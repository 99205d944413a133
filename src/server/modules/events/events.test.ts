import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import os from 'node:os';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildApp } from '../../app';
import type { ZApp } from '../../platform/http';
import { loadConfig } from '../../platform/config';
import { inTransaction, type AppContext } from '../../platform/context';
import { openPostgres, type Database } from '../../platform/db/client';
import { EventBus, notifyPayloads } from '../../platform/events/bus';
import { diskBlobStore } from '../../platform/files/blob-store';
import { sessionAgent } from '../../test/agent';
import { BACKENDS, createTestApp, describeOnPostgres, type TestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { captureLog } from '../../test/log-capture';
import { createNotifications } from '../../commands/notify';
import { eq } from 'drizzle-orm';
import { hashToken, liveSession, SESSION_COOKIE } from '../../platform/auth/sessions';
import { sessions } from '../../platform/db/schema';
import { countQueries } from '../../test/two-instances';
import { freshPgDatabase } from '../../test/pg-template';
import { HEARTBEAT_MS } from './routes';

// The stream's session checks, observed (each call still reads the database): a test waits for a
// check to be done instead of waiting for time to pass.
vi.mock('../../platform/auth/sessions', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../platform/auth/sessions')>();
  return { ...actual, liveSession: vi.fn(actual.liveSession) };
});

/** The real timers, kept for the tests' own waits while a test fakes the server's. */
const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;

/** An open /api/events stream over a real socket (inject cannot stream). */
interface Stream {
  messages: Array<{ event: string; data: string }>;
  /** Heartbeat comment lines received. */
  pings(): number;
  waitFor(pred: (m: { event: string; data: string }) => boolean, ms?: number): Promise<void>;
  close(): void;
  status: number;
  /** Settles when the server ends the stream. */
  ended: Promise<void>;
}

function openStream(baseUrl: string, cookie: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${baseUrl}/api/events`, { headers: { cookie, accept: 'text/event-stream' } }, (res) => {
      const messages: Stream['messages'] = [];
      const waiters = new Set<() => void>();
      let buffer = '';
      let pings = 0;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (block.startsWith(': ping')) pings++;
          const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (data !== undefined) messages.push({ event, data });
        }
        for (const w of [...waiters]) w();
      });
      res.on('error', () => {});
      const ended = new Promise<void>((done) => res.on('close', () => done()));
      const stream: Stream = {
        ended,
        messages,
        pings: () => pings,
        status: res.statusCode ?? 0,
        close: () => req.destroy(),
        waitFor: (pred, ms = 5000) =>
          new Promise<void>((ok, fail) => {
            const check = () => {
              if (messages.some(pred)) {
                waiters.delete(check);
                realClearTimeout(timer);
                ok();
              }
            };
            const timer = realSetTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no matching event within ${ms} ms; got ${JSON.stringify(messages)}`));
            }, ms);
            waiters.add(check);
            check();
          }),
      };
      resolve(stream);
    });
    req.on('error', reject);
  });
}

const isNotification = (m: { data: string }) => m.data.includes('"topic":"notifications"');
const sleep = (ms: number) => new Promise((r) => realSetTimeout(r, ms));
/** Waits for a condition (checked every 20 ms), failing after `ms`. */
async function until(condition: () => boolean, ms = 5000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > ms) throw new Error(`condition not met within ${ms} ms`);
    await sleep(20);
  }
}

async function listen(app: ZApp): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe.each(BACKENDS)('realtime events on %s', (backend) => {
  let t: TestApp;
  let baseUrl: string;
  const streams: Stream[] = [];
  beforeAll(async () => {
    t = await createTestApp(backend);
    baseUrl = await listen(t.app);
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await t.close();
  });

  it("a change to X's notifications reaches X's stream and not Y's", async () => {
    const x = await sessionAgent(t.app, (await buildUser(t.ctx.db, { role: 'viewer' })).id);
    const y = await sessionAgent(t.app, (await buildUser(t.ctx.db, { role: 'admin' })).id);
    const sx = await openStream(baseUrl, x.cookie);
    const sy = await openStream(baseUrl, y.cookie);
    streams.push(sx, sy);
    expect(sx.status).toBe(200);
    await sx.waitFor((m) => m.event === 'ready');
    await sy.waitFor((m) => m.event === 'ready');

    await inTransaction(t.ctx, (tx, events) =>
      createNotifications(tx, events, [{ userId: x.userId, title: 'For X', body: '', type: 'assignment' }]),
    );
    await sx.waitFor(isNotification);
    expect(JSON.parse(sx.messages.find(isNotification)!.data)).toEqual({ topic: 'notifications' });
    // Events reach a stream in the order they were published: once a later event for Y is there,
    // X's notification would have been too.
    await t.ctx.bus.publish([{ topic: 'users', id: 'after-x', audience: { userIds: [y.userId] } }]);
    await sy.waitFor((m) => m.data.includes('"id":"after-x"'));
    expect(sy.messages.some(isNotification)).toBe(false);

    // Marking read through the API is a change too.
    const before = sx.messages.filter(isNotification).length;
    await x.inject({ method: 'POST', url: '/api/notifications/read-all', payload: {} });
    await sx.waitFor(() => sx.messages.filter(isNotification).length > before);
  });

  it('a stream ends when its session is signed out', async () => {
    const agent = await sessionAgent(t.app, (await buildUser(t.ctx.db, { role: 'creative' })).id);
    const s = await openStream(baseUrl, agent.cookie);
    streams.push(s);
    await s.waitFor((m) => m.event === 'ready');
    const out = await agent.inject({ method: 'POST', url: '/api/auth/sign-out', payload: { scope: 'local' } });
    expect(out.statusCode).toBe(204);
    await expect(Promise.race([s.ended.then(() => 'ended'), sleep(5000).then(() => 'still open')])).resolves.toBe('ended');
  });

  it('heartbeats are plain pings: an open stream does not query the database on a timer', async () => {
    const agent = await sessionAgent(t.app, (await buildUser(t.ctx.db, { role: 'creative' })).id);
    // Only the interval is faked: the stream's heartbeat runs on it; sockets and the database do not.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const s = await openStream(baseUrl, agent.cookie);
      streams.push(s);
      await s.waitFor((m) => m.event === 'ready');
      const queries = countQueries(t.ctx.db);
      try {
        vi.advanceTimersByTime(HEARTBEAT_MS * 4);
        await until(() => s.pings() >= 4);
        expect(queries.count()).toBe(0);
      } finally {
        queries.stop();
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it("a stream ends at its session's expiry, unless the session was renewed meanwhile", async () => {
    const user = await buildUser(t.ctx.db, { role: 'creative' });
    const [ending, renewed] = [await sessionAgent(t.app, user.id), await sessionAgent(t.app, user.id)];
    const idOf = (agent: { cookie: string }) => hashToken(agent.cookie.slice(SESSION_COOKIE.length + 1));
    // Only the server's timeouts are faked: each stream sets one for its session's expiry.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const [s1, s2] = [await openStream(baseUrl, ending.cookie), await openStream(baseUrl, renewed.cookie)];
      streams.push(s1, s2);
      await s1.waitFor((m) => m.event === 'ready');
      await s2.waitFor((m) => m.event === 'ready');
      // Time passes: the first session has lapsed, another request of the second moved its expiry
      // on (as the sliding expiry does).
      await t.ctx.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.id, idOf(ending)));
      await t.ctx.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() + 30 * 86_400_000) })
        .where(eq(sessions.id, idOf(renewed)));
      const checks = vi.mocked(liveSession);
      const checksOf = (agent: { cookie: string }) =>
        checks.mock.calls.flatMap(([, id], i) => (id === idOf(agent) ? [checks.mock.results[i]] : []));
      vi.advanceTimersByTime(t.ctx.config.sessionIdleDays * 86_400_000 + 60_000);

      await expect(Promise.race([s1.ended.then(() => 'ended'), sleep(5000).then(() => 'still open')])).resolves.toBe('ended');
      // Each stream looked once at its expiry time; once the renewed one's look is done, it
      // still delivers events.
      await until(() => checksOf(renewed).length > 0);
      await Promise.all(checksOf(renewed).map((r) => r.value));
      expect(checksOf(ending)).toHaveLength(1);
      expect(checksOf(renewed)).toHaveLength(1);
      await inTransaction(t.ctx, (tx, events) =>
        createNotifications(tx, events, [{ userId: user.id, title: 'After the expiry', body: '', type: 'assignment' }]),
      );
      await s2.waitFor(isNotification);
      expect(await Promise.race([s2.ended.then(() => 'ended'), sleep(0).then(() => 'open')])).toBe('open');
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a signed-out stream with 401', async () => {
    const s = await openStream(baseUrl, '');
    streams.push(s);
    expect(s.status).toBe(401);
  });

  it('closing the server ends open streams instead of waiting for them', async () => {
    const other = await createTestApp(backend);
    const url = await listen(other.app);
    const agent = await sessionAgent(other.app, (await buildUser(other.ctx.db)).id);
    const s = await openStream(url, agent.cookie);
    await s.waitFor((m) => m.event === 'ready');
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(5000);
    s.close();
  });
});

describe('NOTIFY payloads', () => {
  it('splits an audience too long for one NOTIFY into several, each under the limit', () => {
    const userIds = Array.from({ length: 450 }, () => crypto.randomUUID());
    const parts = notifyPayloads({ topic: 'requests', id: 'r1', audience: { userIds, minRole: 'coordinator' } });
    expect(parts.length).toBe(5);
    for (const p of parts) expect(Buffer.byteLength(p)).toBeLessThan(8000);
    const decoded = parts.map((p) => JSON.parse(p));
    expect(decoded.flatMap((e) => e.audience.userIds)).toEqual(userIds);
    expect(decoded.filter((e) => e.audience.minRole === 'coordinator')).toHaveLength(1);
    expect(notifyPayloads({ topic: 'x', audience: { userIds: ['a'] } })).toHaveLength(1);
  });
});

describeOnPostgres('realtime across two instances over LISTEN/NOTIFY', () => {
  const base = process.env.DATABASE_URL!;
  let shared: { url: string; drop: () => Promise<void> };
  const instances: Array<{ app: ZApp; ctx: AppContext; bus: EventBus; database: Database }> = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-events-'));
  let stream: Stream | null = null;
  const streams: Stream[] = [];
  let log: ReturnType<typeof captureLog>;

  async function admin(query: string, params: unknown[] = []) {
    const pg = (await import('pg')).default;
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      return (await c.query(query, params)).rows;
    } finally {
      await c.end();
    }
  }

  /** The instance's address, listening on first use: whichever test comes first opens it. */
  const urlOf = async (app: ZApp) =>
    app.server.listening ? `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` : listen(app);

  async function instance(url: string) {
    const database = await openPostgres(url, 3);
    const bus = new EventBus(database);
    await bus.start();
    const config = { ...loadConfig({}), dataDir, databaseUrl: url, seedDemo: false };
    const ctx: AppContext = { config, database, db: database.db, bus, files: diskBlobStore(path.join(dataDir, 'files')) };
    const app = await buildApp(ctx, { serveWeb: false });
    await app.ready();
    const inst = { app, ctx, bus, database };
    instances.push(inst);
    return inst;
  }

  beforeAll(async () => {
    log = captureLog();
    shared = await freshPgDatabase(base, inject('pgTemplate'));
    // Both instances exist before any test, so each test can run alone or in any order.
    await instance(shared.url);
    await instance(shared.url);
  });
  afterAll(async () => {
    log.restore();
    stream?.close();
    for (const s of streams) s.close();
    for (const i of instances) {
      await i.app.close();
      await i.bus.stop();
      await i.database.close();
    }
    await shared.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a notification created through instance 1 reaches a stream opened on instance 2', async () => {
    const [one, two] = instances;
    const user = await buildUser(one.ctx.db, { role: 'requester' });
    const agent = await sessionAgent(two.app, user.id);
    stream = await openStream(await urlOf(two.app), agent.cookie);
    await stream.waitFor((m) => m.event === 'ready');

    await inTransaction(one.ctx, (tx, events) =>
      createNotifications(tx, events, [{ userId: user.id, title: 'Across instances', body: '', type: 'assignment' }]),
    );
    await stream.waitFor(isNotification);
  });

  /** A user (new, or the one given) with an open stream on `on`, and a way to notify them from `from`. */
  async function watcher(on: (typeof instances)[number], existing?: { id: string }) {
    const user = existing ?? (await buildUser(on.ctx.db, { role: 'requester' }));
    const agent = await sessionAgent(on.app, user.id);
    const s = await openStream(await urlOf(on.app), agent.cookie);
    streams.push(s);
    await s.waitFor((m) => m.event === 'ready');
    const notify = (from: (typeof instances)[number], title: string) =>
      inTransaction(from.ctx, (tx, events) => createNotifications(tx, events, [{ userId: user.id, title, body: '', type: 'assignment' }]));
    return { stream: s, notify, user };
  }

  const ended = (s: Stream, ms = 5000) => Promise.race([s.ended.then(() => 'ended'), sleep(ms).then(() => 'still open')]);

  it('a sign-out and a deactivation through instance 1 end streams opened on instance 2', async () => {
    const [one, two] = instances;
    const signedOut = await watcher(two);
    const elsewhere = await sessionAgent(one.app, signedOut.user.id);
    expect((await elsewhere.inject({ method: 'POST', url: '/api/auth/sign-out', payload: { scope: 'global' } })).statusCode).toBe(204);
    await expect(ended(signedOut.stream)).resolves.toBe('ended');

    const deactivated = await watcher(two);
    const admin = await sessionAgent(one.app, (await buildUser(one.ctx.db, { role: 'admin' })).id);
    const off = await admin.inject({ method: 'PUT', url: `/api/admin/users/${deactivated.user.id}/active`, payload: { active: false } });
    expect(off.statusCode, off.body).toBe(200);
    await expect(ended(deactivated.stream)).resolves.toBe('ended');
  });

  it('a role change through instance 1 gives the stream on instance 2 its new rank', async () => {
    const [one, two] = instances;
    const w = await watcher(two);
    const forAdmins = (id: string) => one.bus.publish([{ topic: 'users', id, audience: { minRole: 'admin' } }]);
    const gotAdminEvent = (id: string) => w.stream.messages.some((m) => m.data.includes(`"id":"${id}"`));
    await forAdmins('before');
    // Events from one instance arrive in the order it sent them: once a later event for this user
    // is there, the admins' one would have been too.
    await one.bus.publish([{ topic: 'users', id: 'after-before', audience: { userIds: [w.user.id] } }]);
    await w.stream.waitFor((m) => m.data.includes('"id":"after-before"'));
    expect(gotAdminEvent('before')).toBe(false);

    const admin = await sessionAgent(one.app, (await buildUser(one.ctx.db, { role: 'admin' })).id);
    const edit = await admin.inject({
      method: 'PUT',
      url: `/api/admin/users/${w.user.id}`,
      payload: { fullName: 'Promoted Person', role: 'admin' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    // The stream takes the new rank once its check of the 'sessions' event is back: send until one arrives.
    const sent: string[] = [];
    const oneArrives = () =>
      until(() => sent.some(gotAdminEvent), 200).then(
        () => true,
        () => false,
      );
    do {
      if (sent.length > 50) throw new Error('the stream never took the new rank');
      sent.push(`after-${sent.length}`);
      await forAdmins(sent[sent.length - 1]);
    } while (!(await oneArrives()));
    expect(await ended(w.stream, 0)).toBe('still open');
  });

  it('a dropped LISTEN connection is logged, comes back, and its browsers are told to refetch; events arrive again', async () => {
    const [one, two] = instances;
    const w = await watcher(two);
    const listeners = await admin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query ilike 'listen %'`, [
      new URL(shared.url).pathname.slice(1),
    ]);
    expect(listeners.length).toBeGreaterThanOrEqual(2);
    await w.stream.waitFor((m) => m.event === 'refetch', 15_000);
    expect(log.lines.some((l) => l.level === 'warn' && /LISTEN connection lost/.test(l.msg))).toBe(true);
    expect(log.lines.some((l) => l.level === 'info' && /LISTEN connection restored/.test(l.msg))).toBe(true);

    const before = w.stream.messages.filter(isNotification).length;
    await w.notify(one, 'After the reconnect');
    await w.stream.waitFor(() => w.stream.messages.filter(isNotification).length > before);
  });

  it('a failed NOTIFY is logged, still reaches this instance, and the other instance is told to refetch', async () => {
    const [one, two] = instances;
    // One person with the app open twice, served by the two instances.
    const here = await watcher(one);
    const there = await watcher(two, here.user);
    const notify = vi.spyOn(one.database, 'notify').mockRejectedValueOnce(new Error('NOTIFY refused'));
    try {
      await here.notify(one, 'While NOTIFY fails');
      await here.stream.waitFor(isNotification);
      expect(log.lines.some((l) => l.level === 'warn' && /NOTIFY failed/.test(l.msg))).toBe(true);
      // The other instance missed the event itself; the gap notice follows once NOTIFY works.
      await there.stream.waitFor((m) => m.event === 'refetch', 15_000);
      expect(there.stream.messages.some(isNotification)).toBe(false);
    } finally {
      notify.mockRestore();
    }
  });
});
