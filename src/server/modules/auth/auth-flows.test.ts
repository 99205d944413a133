import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../shared/api/auth';
import { hashToken, sessionsChanged } from '../../platform/auth/sessions';
import { loginAttempts, pendingEmails, passwordResetTokens, sessions, users } from '../../platform/db/schema';
import { sessionAgent } from '../../test/agent';
import { BACKENDS, createTestApp, signIn, type TestApp } from '../../test/harness';
import { buildUser, TEST_PASSWORD } from '../../test/factories';
import { ACCOUNT_FAILURE_CEILING, PAIR_FAILURE_LIMIT, RESET_LINKS_PER_HOUR } from './service';

const DAY = 86_400_000;
let ipCounter = 0;
/** Each test signs in from its own address, so the per-address limit of one test does not leak into another. */
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

describe.each(BACKENDS)('auth flows on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => t.close());

  const signInFrom = (ip: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload, remoteAddress: ip });
  const sessionRows = (userId: string) => t.ctx.db.select().from(sessions).where(eq(sessions.userId, userId));
  const userRow = async (id: string) => (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0];
  /**
   * A test that writes a session or user row behind the app's back announces it, as every change
   * through the app does; otherwise the session cache would rightly keep its copy for its lifetime
   * (decision 0028).
   */
  const announce = (userId: string) => t.ctx.bus.publish([sessionsChanged(userId)]);

  describe('sign-in', () => {
    it('sets an httpOnly SameSite=Lax session cookie and answers the user and CSRF token', async () => {
      const user = await buildUser(t.ctx.db, { role: 'approver' });
      const res = await signInFrom(freshIp(), { email: user.email.toUpperCase(), password: TEST_PASSWORD });
      expect(res.statusCode).toBe(200);
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/^ls_session=[\w-]{20,};/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).toMatch(/Expires=/);
      expect(res.json().user).toMatchObject({ id: user.id, role: 'approver', passwordResetRequired: false });
      expect(res.json().csrfToken).toEqual(expect.any(String));
      expect((await userRow(user.id)).lastLoginAt).not.toBeNull();
    });

    it('refuses a wrong password and an unknown e-mail with the same message', async () => {
      const user = await buildUser(t.ctx.db);
      const ip = freshIp();
      for (const payload of [
        { email: user.email, password: 'wrong-password' },
        { email: 'nobody@example.test', password: TEST_PASSWORD },
      ]) {
        const res = await signInFrom(ip, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toBe('Invalid login credentials');
        expect(res.headers['set-cookie']).toBeUndefined();
      }
    });

    it('requires both e-mail and password', async () => {
      for (const payload of [{}, { email: 'a@b.c' }, { password: 'x' }, { email: '', password: '' }, { email: '  ', password: 'x' }]) {
        const res = await signInFrom(freshIp(), payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toBe('You must provide either an email or phone number and a password');
      }
    });

    it('refuses a deactivated profile and the external Church Media Squad', async () => {
      const inactive = await buildUser(t.ctx.db, { active: false });
      const res = await signInFrom(freshIp(), { email: inactive.email, password: TEST_PASSWORD });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe('Your account has been deactivated.');
      const squad = await buildUser(t.ctx.db, { role: 'creative', isExternal: true });
      const ext = await signInFrom(freshIp(), { email: squad.email, password: TEST_PASSWORD });
      expect(ext.statusCode).toBe(400);
      expect(ext.json().error.message).toBe(AUTH_MESSAGES.invalidCredentials);
    });
  });

  describe('rate limits', () => {
    it('5 failures for one account from one address limit that address, not the owner elsewhere', async () => {
      const user = await buildUser(t.ctx.db);
      const guesser = freshIp();
      for (let i = 0; i < PAIR_FAILURE_LIMIT; i++) {
        const res = await signInFrom(guesser, { email: user.email, password: `wrong-${i}` });
        expect(res.statusCode).toBe(400);
      }
      const limited = await signInFrom(guesser, { email: user.email, password: TEST_PASSWORD });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.message).toBe(AUTH_MESSAGES.tooManyAttempts);
      // The owner, from an address that has not failed, signs in with the right password.
      expect((await signInFrom(freshIp(), { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
      // The guesser's address may still try other accounts (up to the address limit).
      const other = await buildUser(t.ctx.db);
      expect((await signInFrom(guesser, { email: other.email, password: TEST_PASSWORD })).statusCode).toBe(200);
      // Refused attempts do not extend the wait: after the window the right password works.
      await t.ctx.db.execute(sql`update login_attempts set created_at = now() - interval '16 minutes' where email = ${user.email}`);
      expect((await signInFrom(guesser, { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    });

    it(`${ACCOUNT_FAILURE_CEILING} failures for one account from many addresses stop every address for a while`, async () => {
      const user = await buildUser(t.ctx.db);
      // Written directly: the ceiling is about counting, and 50 password checks would only be slow.
      const spread = Array.from({ length: ACCOUNT_FAILURE_CEILING }, (_, i) => ({
        email: user.email,
        ip: `192.0.2.${Math.floor(i / PAIR_FAILURE_LIMIT)}`,
        succeeded: false,
      }));
      await t.ctx.db.insert(loginAttempts).values(spread.slice(1));
      expect((await signInFrom(freshIp(), { email: user.email, password: 'wrong' })).statusCode).toBe(400);
      const ceiling = await signInFrom(freshIp(), { email: user.email, password: TEST_PASSWORD });
      expect(ceiling.statusCode).toBe(429);
      expect(ceiling.json().error.message).toBe(AUTH_MESSAGES.tooManyAttempts);
      await t.ctx.db.execute(sql`update login_attempts set created_at = now() - interval '16 minutes' where email = ${user.email}`);
      expect((await signInFrom(freshIp(), { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    });

    it('20 failures from one address across accounts lock that address only', async () => {
      const ip = freshIp();
      for (let i = 0; i < 20; i++) {
        const res = await signInFrom(ip, { email: `nobody-${i}@example.test`, password: 'wrong' });
        expect(res.statusCode).toBe(400);
      }
      const user = await buildUser(t.ctx.db);
      const locked = await signInFrom(ip, { email: user.email, password: TEST_PASSWORD });
      expect(locked.statusCode).toBe(429);
      expect(locked.json().error.message).toBe(AUTH_MESSAGES.tooManyAttempts);
      expect((await signInFrom(freshIp(), { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    });

    it('parallel guesses cannot slip past the limit for an account and address', async () => {
      const user = await buildUser(t.ctx.db);
      const ip = freshIp();
      const results = await Promise.all(
        Array.from({ length: 15 }, (_, i) => signInFrom(ip, { email: user.email, password: `guess-${i}` })),
      );
      const checked = results.filter((r) => r.statusCode === 400).length;
      expect(checked).toBeLessThanOrEqual(PAIR_FAILURE_LIMIT);
      expect(results.every((r) => r.statusCode === 400 || r.statusCode === 429)).toBe(true);
    });

    it('X-Forwarded-For is not trusted by default, so it cannot dodge the address limit', async () => {
      const ip = freshIp();
      for (let i = 0; i < 20; i++) await signInFrom(ip, { email: `spoof-${i}@example.test`, password: 'wrong' });
      const user = await buildUser(t.ctx.db);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: user.email, password: TEST_PASSWORD },
        remoteAddress: ip,
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(res.statusCode).toBe(429);
    });
  });

  describe('sessions', () => {
    it('sliding expiry: a request after the touch interval moves expires_at and the cookie forward', async () => {
      const user = await buildUser(t.ctx.db);
      const agent = await sessionAgent(t.app, user.id);
      const [row] = await sessionRows(user.id);
      const soon = new Date(Date.now() + DAY);
      // Used just now: reading does not write.
      await t.ctx.db.update(sessions).set({ expiresAt: soon, lastSeenAt: new Date() }).where(eq(sessions.id, row.id));
      const quiet = await agent.inject({ method: 'GET', url: '/api/auth/session' });
      expect(quiet.json().user.id).toBe(user.id);
      expect(quiet.headers['set-cookie']).toBeUndefined();
      expect((await sessionRows(user.id))[0].expiresAt.getTime()).toBe(soon.getTime());
      // Last used two minutes ago: the expiry slides to a full idle period from now.
      await t.ctx.db
        .update(sessions)
        .set({ lastSeenAt: new Date(Date.now() - 120_000) })
        .where(eq(sessions.id, row.id));
      await announce(user.id);
      const moved = await agent.inject({ method: 'GET', url: '/api/notifications/unread-count' });
      expect(moved.statusCode).toBe(200);
      const [after] = await sessionRows(user.id);
      expect(after.expiresAt.getTime()).toBeGreaterThan(Date.now() + 13 * DAY);
      expect(after.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 10_000);
      const cookie = String(moved.headers['set-cookie']);
      expect(cookie).toContain(agent.cookie);
      expect(new Date(/Expires=([^;]+)/.exec(cookie)![1]).getTime()).toBeGreaterThan(Date.now() + 13 * DAY);
    });

    it('signing in while signed in ends the browser’s previous session, as the same or another user', async () => {
      const first = await buildUser(t.ctx.db);
      const second = await buildUser(t.ctx.db);
      const signInWith = (agent: { cookie: string; csrfToken: string }, email: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { email, password: TEST_PASSWORD },
          headers: { cookie: agent.cookie, 'x-csrf-token': agent.csrfToken },
          remoteAddress: freshIp(),
        });
      const old = await sessionAgent(t.app, first.id);
      const again = await signInWith(old, first.email);
      expect(again.statusCode).toBe(200);
      expect((await old.inject({ method: 'GET', url: '/api/auth/session' })).json().user).toBeNull();
      expect(await sessionRows(first.id)).toHaveLength(1);

      const other = await sessionAgent(t.app, first.id);
      expect((await signInWith(other, second.email)).statusCode).toBe(200);
      expect((await other.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
      expect(await sessionRows(first.id)).toHaveLength(1);
      expect(await sessionRows(second.id)).toHaveLength(1);
    });

    it('an expired session is gone: no user, and the row is deleted', async () => {
      const user = await buildUser(t.ctx.db);
      const agent = await sessionAgent(t.app, user.id);
      await t.ctx.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.userId, user.id));
      const res = await agent.inject({ method: 'GET', url: '/api/auth/session' });
      expect(res.json().user).toBeNull();
      expect((await agent.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
      expect(await sessionRows(user.id)).toHaveLength(0);
    });

    it('sign-out scopes: local ends this session, others the rest, global all', async () => {
      const user = await buildUser(t.ctx.db);
      const [a, b, c] = await Promise.all([1, 2, 3].map(() => sessionAgent(t.app, user.id)));
      const alive = async (agent: typeof a) => (await agent.inject({ method: 'GET', url: '/api/auth/session' })).json().user !== null;

      const others = await a.inject({ method: 'POST', url: '/api/auth/sign-out', payload: { scope: 'others' } });
      expect(others.statusCode).toBe(204);
      expect([await alive(a), await alive(b), await alive(c)]).toEqual([true, false, false]);

      const d = await sessionAgent(t.app, user.id);
      const local = await d.inject({ method: 'POST', url: '/api/auth/sign-out', payload: { scope: 'local' } });
      expect(local.statusCode).toBe(204);
      expect(String(local.headers['set-cookie'])).toMatch(/ls_session=;/);
      expect([await alive(a), await alive(d)]).toEqual([true, false]);

      const e = await sessionAgent(t.app, user.id);
      const global = await e.inject({ method: 'POST', url: '/api/auth/sign-out', payload: { scope: 'global' } });
      expect(global.statusCode).toBe(204);
      expect([await alive(a), await alive(e)]).toEqual([false, false]);
      expect(await sessionRows(user.id)).toHaveLength(0);
      // No body means local.
      const f = await sessionAgent(t.app, user.id);
      const g = await sessionAgent(t.app, user.id);
      const bare = await f.inject({ method: 'POST', url: '/api/auth/sign-out' });
      expect(bare.statusCode, bare.body).toBe(204);
      expect([await alive(f), await alive(g)]).toEqual([false, true]);
    });

    it('deactivating a user ends their access at the next request and deletes their sessions', async () => {
      const user = await buildUser(t.ctx.db, { role: 'coordinator' });
      const agent = await signIn(t.app, user.email, TEST_PASSWORD);
      await sessionAgent(t.app, user.id);
      expect((await agent.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(200);
      await t.ctx.db.update(users).set({ active: false }).where(eq(users.id, user.id));
      await announce(user.id);
      // The browser's session check is told why, so the sign-in screen can say it (guide/accounts-and-security.md#passwords).
      const session = await agent.inject({ method: 'GET', url: '/api/auth/session' });
      expect(session.json()).toEqual({ user: null, csrfToken: null, notice: 'Your account has been deactivated.' });
      expect(session.headers['set-cookie']).toMatch(/ls_session=;/);
      expect((await agent.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
      expect(await sessionRows(user.id)).toHaveLength(0);
      // Reactivation does not revive the old session.
      await t.ctx.db.update(users).set({ active: true }).where(eq(users.id, user.id));
      expect((await agent.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    });
  });

  describe('CSRF and content types', () => {
    it('a mutation with a session needs the session token, our origin and a JSON body', async () => {
      const user = await buildUser(t.ctx.db);
      const agent = await sessionAgent(t.app, user.id);
      const readAll = (headers: Record<string, string>, payload: string | object = {}) =>
        t.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: { cookie: agent.cookie, ...headers }, payload });

      const missing = await readAll({});
      expect(missing.statusCode).toBe(403);
      expect(missing.json().error.code).toBe('csrf');
      const wrong = await readAll({ 'x-csrf-token': 'not-the-token' });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().error.code).toBe('csrf');
      const foreign = await readAll({ 'x-csrf-token': agent.csrfToken, origin: 'https://evil.example' });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json().error.code).toBe('csrf');
      const text = await readAll({ 'x-csrf-token': agent.csrfToken, 'content-type': 'text/plain' }, 'hello');
      expect(text.statusCode).toBe(415);
      const form = await readAll({ 'x-csrf-token': agent.csrfToken, 'content-type': 'application/x-www-form-urlencoded' }, 'a=1');
      expect(form.statusCode).toBe(415);
      const ok = await readAll({ 'x-csrf-token': agent.csrfToken, origin: 'http://localhost:80' });
      expect(ok.statusCode).toBe(200);
    });

    it('a cross-site sign-in (login CSRF) is refused', async () => {
      const user = await buildUser(t.ctx.db);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: user.email, password: TEST_PASSWORD },
        headers: { origin: 'https://evil.example' },
        remoteAddress: freshIp(),
      });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('forgot password and reset link', () => {
    const pendingFor = (email: string) => t.ctx.db.select().from(pendingEmails).where(eq(pendingEmails.recipient, email));
    // Each request from its own address, so the per-address cap of one test does not reach another.
    const forgot = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: freshIp() });
    const tokenOf = (actionUrl: string | null) => new URL(actionUrl!).searchParams.get('token')!;

    it('queues exactly one e-mail with a /change-password?token= link for a known e-mail', async () => {
      const user = await buildUser(t.ctx.db);
      const res = await forgot(user.email.toUpperCase());
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Password reset link sent to your email.');
      const rows = await pendingFor(user.email);
      expect(rows).toHaveLength(1);
      expect(rows[0].actionUrl).toMatch(/^http:\/\/localhost:3000\/change-password\?token=[\w-]{20,}$/);
      expect(rows[0].sent).toBe(false);
    });

    it('answers the same for an unknown e-mail and queues nothing', async () => {
      const before = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(pendingEmails);
      const res = await forgot('nobody-here@example.test');
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Password reset link sent to your email.');
      const after = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(pendingEmails);
      expect(after[0].n).toBe(before[0].n);
    });

    it('asks for the e-mail when it is empty', async () => {
      const res = await forgot('  ');
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Please enter your email address to reset your password.');
    });

    it(`sends at most ${RESET_LINKS_PER_HOUR} links an hour to one account`, async () => {
      const user = await buildUser(t.ctx.db);
      for (let i = 0; i < RESET_LINKS_PER_HOUR + 2; i++) expect((await forgot(user.email)).statusCode).toBe(200);
      expect(await pendingFor(user.email)).toHaveLength(RESET_LINKS_PER_HOUR);
    });

    it('the link works once, clears the reset flag and ends every session', async () => {
      const user = await buildUser(t.ctx.db, { passwordResetRequired: true });
      const agent = await sessionAgent(t.app, user.id);
      await forgot(user.email);
      const token = tokenOf((await pendingFor(user.email))[0].actionUrl);
      const reset = (password: string) => t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { token, password } });

      const short = await reset('short');
      expect(short.statusCode).toBe(400);
      expect(short.json().error.message).toBe('Password must be at least 8 characters.');

      const first = await reset('A-new-password-1');
      expect(first.statusCode).toBe(200);
      expect((await userRow(user.id)).passwordResetRequired).toBe(false);
      expect(await sessionRows(user.id)).toHaveLength(0);
      expect((await agent.inject({ method: 'GET', url: '/api/auth/session' })).json().user).toBeNull();
      expect((await signInFrom(freshIp(), { email: user.email, password: 'A-new-password-1' })).statusCode).toBe(200);
      expect((await signInFrom(freshIp(), { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(400);

      const second = await reset('Another-password-2');
      expect(second.statusCode).toBe(400);
      expect(second.json().error.message).toBe(AUTH_MESSAGES.resetLinkInvalid);
    });

    it('the link expires after an hour', async () => {
      const user = await buildUser(t.ctx.db);
      await forgot(user.email);
      const token = tokenOf((await pendingFor(user.email))[0].actionUrl);
      await t.ctx.db
        .update(passwordResetTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(passwordResetTokens.tokenHash, hashToken(token)));
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        payload: { token, password: 'A-new-password-1' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(AUTH_MESSAGES.resetLinkInvalid);
      expect((await signInFrom(freshIp(), { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    });
  });

  describe('password change confinement (guide/accounts-and-security.md#signing-in)', () => {
    it('a user who must change the password reaches only session, password and sign-out', async () => {
      const user = await buildUser(t.ctx.db, { passwordResetRequired: true });
      const agent = await signIn(t.app, user.email, TEST_PASSWORD);
      const other = await sessionAgent(t.app, user.id);
      const spare = await sessionAgent(t.app, user.id);

      for (const url of ['/api/notifications', '/api/notifications/unread-count', '/api/events']) {
        const res = await agent.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('password_change_required');
      }
      const session = await agent.inject({ method: 'GET', url: '/api/auth/session' });
      expect(session.statusCode).toBe(200);
      expect(session.json().user.passwordResetRequired).toBe(true);
      expect((await spare.inject({ method: 'POST', url: '/api/auth/sign-out', payload: {} })).statusCode).toBe(204);

      const short = await agent.inject({ method: 'POST', url: '/api/auth/password', payload: { password: '1234567' } });
      expect(short.statusCode).toBe(400);
      expect(short.json().error.message).toBe('Password must be at least 8 characters.');
      expect((await userRow(user.id)).passwordResetRequired).toBe(true);

      // The temporary password the person was given is their current password.
      const ok = await agent.inject({
        method: 'POST',
        url: '/api/auth/password',
        payload: { password: '12345678', currentPassword: TEST_PASSWORD },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().message).toBe('Your password has been updated. You will be redirected.');
      expect((await userRow(user.id)).passwordResetRequired).toBe(false);
      expect((await other.inject({ method: 'GET', url: '/api/auth/session' })).json().user).toBeNull();
      expect((await agent.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(200);
      expect((await sessionRows(user.id)).map((s) => s.id)).toEqual([hashToken(agent.cookie.split('=')[1])]);
    });
  });
});
