import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { UNAVAILABLE_MESSAGE } from '../shared/api/errors';
import { sessionAgent } from './test/agent';
import { buildUser } from './test/factories';
import { createTestApp, describeOnPostgres, type Agent, type TestApp } from './test/harness';
import { captureLog, until, type LogLine } from './test/log-capture';
import { startTcpProxy, type TcpProxy } from './test/tcp-proxy';

const UNAVAILABLE_BODY = { error: { code: 'unavailable', message: UNAVAILABLE_MESSAGE } };
const outageLines = (lines: LogLine[]) => lines.filter((l) => /outage|available again/.test(l.msg));

describe('a database outage on pglite (driver errors simulated)', () => {
  let t: TestApp;
  let agent: Agent;
  let log: ReturnType<typeof captureLog>;
  beforeAll(async () => {
    log = captureLog();
    t = await createTestApp('pglite');
    agent = await sessionAgent(t.app, (await buildUser(t.ctx.db, { role: 'viewer' })).id);
  });
  afterAll(async () => {
    log.restore();
    await t.close();
  });
  afterEach(() => vi.restoreAllMocks());

  it('answers 503 with Retry-After and says the service is briefly unavailable, then recovers', async () => {
    const dropped = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    vi.spyOn(t.ctx.db, 'select').mockImplementationOnce(() => {
      throw new DrizzleQueryError('select ... from sessions', ['secret-token-hash'], dropped);
    });
    const res = await agent.inject({ method: 'GET', url: '/api/notifications/unread-count' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual(UNAVAILABLE_BODY);
    expect(log.lines.filter((l) => l.level === 'error')).toHaveLength(1);
    expect(JSON.stringify(log.lines)).not.toContain('secret-token-hash');

    expect((await agent.inject({ method: 'GET', url: '/api/notifications/unread-count' })).statusCode).toBe(200);
    await until(() => !t.ctx.database.outage.active, 'the outage to end');
    expect(outageLines(log.lines).map((l) => l.level)).toEqual(['error', 'warn']);
  });

  it('other failures stay 500 with a reference', async () => {
    vi.spyOn(t.ctx.db, 'select').mockImplementationOnce(() => {
      throw new Error('a bug');
    });
    // A read that builds its query on every call (the bell's count is prepared once per database,
    // so after its first answer it no longer calls db.select).
    const res = await agent.inject({ method: 'GET', url: '/api/ministries' });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('internal');
    expect(t.ctx.database.outage.active).toBe(false);
  });
});

describeOnPostgres('a database outage', () => {
  let t: TestApp;
  let proxy: TcpProxy;
  let agent: Agent;
  let log: ReturnType<typeof captureLog>;
  beforeAll(async () => {
    log = captureLog();
    const server = new URL(process.env.DATABASE_URL!);
    proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    t = await createTestApp('pg', { connectThrough: (url) => proxy.through(url) });
    agent = await sessionAgent(t.app, (await buildUser(t.ctx.db, { role: 'viewer' })).id);
  });
  afterAll(async () => {
    log.restore();
    await proxy.restore().catch(() => {});
    await t.close();
    await proxy.close();
  });

  const unreadCount = () => agent.inject({ method: 'GET', url: '/api/notifications/unread-count' });

  it('a request in flight when the database goes away, and those during the outage, get 503; it recovers without a restart', async () => {
    expect((await unreadCount()).statusCode).toBe(200);

    // The database stops answering while a request waits on it, then the connection is cut.
    proxy.stall();
    const inFlight = unreadCount();
    await until(() => proxy.held > 0, 'the request to reach the database');
    await proxy.cut();
    const res = await inFlight;
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual(UNAVAILABLE_BODY);

    // New connections are refused for the rest of the outage: every answer is the same 503.
    const during = await Promise.all(Array.from({ length: 20 }, unreadCount));
    expect(during.map((r) => r.statusCode)).toEqual(Array(20).fill(503));
    expect(log.lines.filter((l) => l.level === 'error')).toHaveLength(1);
    expect(t.ctx.database.outage.active).toBe(true);

    await proxy.restore();
    await until(async () => (await unreadCount()).statusCode === 200, 'the API to answer again');
    await until(() => !t.ctx.database.outage.active, 'the outage to be logged as over');
    const [started, ended] = outageLines(log.lines);
    expect(started).toMatchObject({ level: 'error', obj: { source: 'requests' } });
    expect(ended.level).toBe('warn');
    expect((ended.obj.failures as { requests: number }).requests).toBeGreaterThanOrEqual(21);
    expect(outageLines(log.lines)).toHaveLength(2);
  });
});
