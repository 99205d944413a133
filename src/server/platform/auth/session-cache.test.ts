import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema';
import { sessionAgent } from '../../test/agent';
import { BACKENDS, createTestApp, describeOnPostgres, signIn, type Agent, type TestApp } from '../../test/harness';
import { buildUser, TEST_PASSWORD } from '../../test/factories';
import { countQueries, createInstances, sessionsEventReaches, type Instance } from '../../test/two-instances';
import { SessionCache, type SessionRow } from './session-cache';
import { hashToken, SESSION_COOKIE } from './sessions';

const row = (id: string, userId: string, expiresInMs = 86_400_000): SessionRow => ({
  id,
  csrfToken: 'csrf',
  expiresAt: new Date(Date.now() + expiresInMs),
  lastSeenAt: new Date(),
  aal: 'aal1',
  secondFactor: { enrolled: false, requiredForStaff: false },
  user: { id: userId, role: 'creative', fullName: 'C', email: 'c@example.test', ministryId: null, passwordResetRequired: false },
});

describe('SessionCache', () => {
  it('keeps a session for its lifetime and no longer', () => {
    let now = 1_000_000;
    const cache = new SessionCache(
      10_000,
      () => true,
      100,
      () => now,
    );
    cache.store(row('s1', 'u1'), cache.begin());
    expect(cache.get('s1')?.user.id).toBe('u1');
    now += 9_999;
    expect(cache.get('s1')).toBeDefined();
    now += 1;
    expect(cache.get('s1')).toBeUndefined();
  });

  it("never outlives the session's own expiry", () => {
    const cache = new SessionCache(60_000);
    cache.store(row('s1', 'u1', -1), cache.begin());
    expect(cache.get('s1')).toBeUndefined();
  });

  it('forgetting a user drops all their sessions and no one else’s', () => {
    const cache = new SessionCache(60_000);
    for (const [s, u] of [
      ['a1', 'a'],
      ['a2', 'a'],
      ['b1', 'b'],
    ]) {
      cache.store(row(s, u), cache.begin());
    }
    cache.forgetUser('a');
    expect([cache.get('a1'), cache.get('a2')]).toEqual([undefined, undefined]);
    expect(cache.get('b1')).toBeDefined();
  });

  it('a read that began before an invalidation does not store what it read', () => {
    const cache = new SessionCache(60_000);
    const ticket = cache.begin();
    cache.forgetUser('someone else entirely');
    cache.store(row('s1', 'u1'), ticket);
    expect(cache.get('s1')).toBeUndefined();
    cache.store(row('s1', 'u1'), cache.begin());
    expect(cache.get('s1')).toBeDefined();
  });

  it('is bounded: the oldest fill goes first', () => {
    const cache = new SessionCache(60_000, () => true, 3);
    for (const s of ['s1', 's2', 's3', 's4']) cache.store(row(s, s), cache.begin());
    expect(cache.size).toBe(3);
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.get('s4')).toBeDefined();
  });

  it('is not used while other instances cannot be heard, nor when its lifetime is 0', () => {
    let hearing = true;
    const cache = new SessionCache(60_000, () => hearing);
    cache.store(row('s1', 'u1'), cache.begin());
    hearing = false;
    expect(cache.get('s1')).toBeUndefined();
    cache.store(row('s1', 'u1'), cache.begin());
    hearing = true;
    expect(cache.get('s1')).toBeUndefined();
    const off = new SessionCache(0);
    off.store(row('s1', 'u1'), off.begin());
    expect(off.get('s1')).toBeUndefined();
  });
});

describe.each(BACKENDS)('the session cache in the app on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => t.close());

  it('a second request within the lifetime does not read the database', async () => {
    const agent = await sessionAgent(t.app, (await buildUser(t.ctx.db, { role: 'creative' })).id);
    const queries = countQueries(t.ctx.db);
    try {
      const first = await agent.inject({ method: 'GET', url: '/api/auth/session' });
      expect(first.json().user.id).toBe(agent.userId);
      const afterFirst = queries.count();
      expect(afterFirst).toBeGreaterThan(0);
      const second = await agent.inject({ method: 'GET', url: '/api/auth/session' });
      expect(second.json().user.id).toBe(agent.userId);
      expect(queries.count()).toBe(afterFirst);
    } finally {
      queries.stop();
    }
  });

  it('sign-out on this instance is seen by the very next request', async () => {
    const user = await buildUser(t.ctx.db);
    const [a, b] = [await sessionAgent(t.app, user.id), await sessionAgent(t.app, user.id)];
    for (const agent of [a, b])
      expect((await agent.inject({ method: 'GET', url: '/api/notifications/unread-count' })).statusCode).toBe(200);
    expect((await a.inject({ method: 'POST', url: '/api/auth/sign-out', payload: { scope: 'global' } })).statusCode).toBe(204);
    for (const agent of [a, b])
      expect((await agent.inject({ method: 'GET', url: '/api/notifications/unread-count' })).statusCode).toBe(401);
  });

  it("a cached session ends at the session's expiry", async () => {
    const agent = await sessionAgent(t.app, (await buildUser(t.ctx.db)).id);
    const expiresAt = new Date(Date.now() + 1500);
    await t.ctx.db
      .update(sessions)
      .set({ expiresAt })
      .where(eq(sessions.id, hashToken(agent.cookie.slice(SESSION_COOKIE.length + 1))));
    expect((await agent.inject({ method: 'GET', url: '/api/notifications/unread-count' })).statusCode).toBe(200);
    await new Promise<void>((done) => {
      const wait = () => (Date.now() > expiresAt.getTime() ? done() : setTimeout(wait, 50));
      wait();
    });
    expect((await agent.inject({ method: 'GET', url: '/api/notifications/unread-count' })).statusCode).toBe(401);
  });
});

describeOnPostgres('the session cache across two instances', () => {
  let a: Instance;
  let b: Instance;
  let close: () => Promise<void>;
  let admin: Agent;
  beforeAll(async () => {
    const made = await createInstances(2);
    [a, b] = made.instances;
    close = made.close;
    const adminUser = await buildUser(a.ctx.db, { role: 'admin' });
    admin = await sessionAgent(a.app, adminUser.id);
  });
  afterAll(async () => close());

  /** A person with a session used (so cached) on instance B. */
  async function cachedOnB(role: 'creative' | 'coordinator' = 'creative') {
    const user = await buildUser(a.ctx.db, { role });
    const onB = await sessionAgent(b.app, user.id);
    const res = await onB.inject({ method: 'GET', url: '/api/auth/session' });
    expect(res.json().user.role).toBe(role);
    const queries = countQueries(b.ctx.db);
    try {
      expect((await onB.inject({ method: 'GET', url: '/api/auth/session' })).json().user.id).toBe(user.id);
      expect(queries.count()).toBe(0);
    } finally {
      queries.stop();
    }
    return { user, onB, announced: sessionsEventReaches(b.ctx.bus, user.id) };
  }

  const sessionOnB = async (agent: Agent) => (await agent.inject({ method: 'GET', url: '/api/auth/session' })).json().user;

  it('a sign-out on A ends the cached session on B', async () => {
    const { user, onB, announced } = await cachedOnB();
    const onA = await sessionAgent(a.app, user.id);
    expect((await onA.inject({ method: 'POST', url: '/api/auth/sign-out', payload: { scope: 'global' } })).statusCode).toBe(204);
    await announced;
    expect(await sessionOnB(onB)).toBeNull();
  });

  it('a deactivation on A refuses the next request on B', async () => {
    const { user, onB, announced } = await cachedOnB();
    const off = await admin.inject({ method: 'PUT', url: `/api/admin/users/${user.id}/active`, payload: { active: false } });
    expect(off.statusCode, off.body).toBe(200);
    await announced;
    expect((await onB.inject({ method: 'GET', url: '/api/notifications/unread-count' })).statusCode).toBe(401);
  });

  it('a role change on A is the role of the next request on B', async () => {
    const { user, onB, announced } = await cachedOnB('coordinator');
    const edit = await admin.inject({
      method: 'PUT',
      url: `/api/admin/users/${user.id}`,
      payload: { fullName: user.fullName, role: 'viewer' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await announced;
    expect((await sessionOnB(onB)).role).toBe('viewer');
    // The rank gate sees it too: the master feed is for coordinators and admins.
    expect((await onB.inject({ method: 'GET', url: '/api/notifications/feed' })).statusCode).toBe(403);
  });

  it("a password change on A ends the person's other sessions cached on B", async () => {
    const { user, onB, announced } = await cachedOnB();
    const onA: Agent = await signIn(a.app, user.email, TEST_PASSWORD);
    const changed = await onA.inject({
      method: 'POST',
      url: '/api/auth/password',
      payload: { password: 'Another-horse-2', currentPassword: TEST_PASSWORD },
    });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    await announced;
    expect(await sessionOnB(onB)).toBeNull();
    expect((await onA.inject({ method: 'GET', url: '/api/auth/session' })).json().user.id).toBe(user.id);
  });
});
