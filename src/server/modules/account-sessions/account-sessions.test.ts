import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../platform/db/schema';
import { buildUser, TEST_PASSWORD } from '../../test/factories';
import { BACKENDS, createTestApp, type Agent, type TestApp } from '../../test/harness';
import { SESSION_COOKIE } from '../../platform/auth/sessions';

type Listed = { id: string; userAgent: string | null; ip: string | null; lastSeenAt: string; createdAt: string; current: boolean };

/** The sessions list on the account page: device, address, last use; end one, or all the others. */
describe.each(BACKENDS)('account sessions on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => t.close());

  /** Signs in through the real endpoint from a given browser and address. */
  async function signInFrom(email: string, userAgent: string, remoteAddress: string): Promise<Agent> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email, password: TEST_PASSWORD },
      headers: { 'user-agent': userAgent },
      remoteAddress,
    });
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers['set-cookie']).split(';')[0];
    const { csrfToken, user } = res.json() as { csrfToken: string; user: { id: string } };
    return {
      cookie,
      csrfToken,
      userId: user.id,
      inject: (o) => t.app.inject({ ...o, headers: { cookie, 'x-csrf-token': csrfToken, ...(o.headers ?? {}) } }),
    };
  }
  const list = async (agent: Agent) => {
    const res = await agent.inject({ method: 'GET', url: '/api/account/sessions' });
    expect(res.statusCode).toBe(200);
    return (res.json() as { sessions: Listed[] }).sessions;
  };
  const signedIn = async (agent: Agent) => (await agent.inject({ method: 'GET', url: '/api/auth/session' })).json().user !== null;

  it("lists the person's own sessions, this device first, with browser, address and last use, and never the session key", async () => {
    const user = await buildUser(t.ctx.db);
    const someoneElse = await buildUser(t.ctx.db);
    const phone = await signInFrom(user.email, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1', '10.1.0.2');
    const laptop = await signInFrom(user.email, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0 Safari/537.36', '10.1.0.3');
    await signInFrom(someoneElse.email, 'curl/8', '10.1.0.4');

    const seen = await list(laptop);
    expect(seen).toHaveLength(2);
    expect(seen[0]).toMatchObject({ current: true, ip: '10.1.0.3', userAgent: expect.stringContaining('Windows') });
    expect(seen[1]).toMatchObject({ current: false, ip: '10.1.0.2', userAgent: expect.stringContaining('iPhone') });
    expect(Date.parse(seen[1].lastSeenAt)).not.toBeNaN();
    const keys = (await t.ctx.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id))).map((r) => r.id);
    for (const s of seen) expect(keys).not.toContain(s.id);
    expect((await list(phone))[0]).toMatchObject({ current: true, ip: '10.1.0.2' });
  });

  it('ends one other session: that browser is signed out, this one stays', async () => {
    const user = await buildUser(t.ctx.db);
    const phone = await signInFrom(user.email, 'phone', '10.2.0.2');
    const laptop = await signInFrom(user.email, 'laptop', '10.2.0.3');
    const [, other] = await list(laptop);
    const res = await laptop.inject({ method: 'DELETE', url: `/api/account/sessions/${other.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(laptop)).toBe(true);
    expect(await list(laptop)).toHaveLength(1);
    const again = await laptop.inject({ method: 'DELETE', url: `/api/account/sessions/${other.id}` });
    expect(again.statusCode).toBe(404);
  });

  it("cannot end someone else's session", async () => {
    const user = await buildUser(t.ctx.db);
    const other = await buildUser(t.ctx.db);
    const mine = await signInFrom(user.email, 'a', '10.3.0.2');
    const theirs = await signInFrom(other.email, 'b', '10.3.0.3');
    const [their] = await list(theirs);
    const res = await mine.inject({ method: 'DELETE', url: `/api/account/sessions/${their.id}` });
    expect(res.statusCode).toBe(404);
    expect(await signedIn(theirs)).toBe(true);
  });

  it('ending this session signs this browser out (the cookie is cleared)', async () => {
    const user = await buildUser(t.ctx.db);
    const laptop = await signInFrom(user.email, 'laptop', '10.4.0.3');
    const [me] = await list(laptop);
    const res = await laptop.inject({ method: 'DELETE', url: `/api/account/sessions/${me.id}` });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
    expect(await signedIn(laptop)).toBe(false);
  });

  it('signs out all other sessions and keeps this one', async () => {
    const user = await buildUser(t.ctx.db);
    const a = await signInFrom(user.email, 'a', '10.5.0.2');
    const b = await signInFrom(user.email, 'b', '10.5.0.3');
    const c = await signInFrom(user.email, 'c', '10.5.0.4');
    const bystander = await signInFrom((await buildUser(t.ctx.db)).email, 'd', '10.5.0.5');
    const res = await c.inject({ method: 'POST', url: '/api/account/sessions/end-others' });
    expect(res.statusCode).toBe(200);
    expect(await signedIn(a)).toBe(false);
    expect(await signedIn(b)).toBe(false);
    expect(await signedIn(c)).toBe(true);
    expect(await signedIn(bystander)).toBe(true);
    expect((await list(c)).map((s) => s.current)).toEqual([true]);
  });
});
