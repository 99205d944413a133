import { eq, inArray, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '../../../shared/api/auth';
import { TWO_FACTOR_MESSAGES as M } from '../../../shared/api/two-factor';
import { DEVICE_COOKIE } from '../../platform/auth/device-cookies';
import { createSession, SESSION_COOKIE } from '../../platform/auth/sessions';
import { totpCodeAt, TOTP_PERIOD_SECONDS } from '../../platform/auth/totp';
import { pendingEmails, sessions } from '../../platform/db/schema';
import { buildUser, TEST_PASSWORD } from '../../test/factories';
import { BACKENDS, createTestApp, type TestApp } from '../../test/harness';
import { FRESH_SSO_MINUTES } from '../../commands/reauthenticate';
import {
  ACCOUNT_FAILURE_CEILING,
  ADDRESS_FAILURE_LIMIT,
  DEVICE_FAILURE_LIMIT,
  PAIR_FAILURE_LIMIT,
  RESET_LINKS_PER_ADDRESS_PER_HOUR,
} from './service';
import { CODE_ACCOUNT_FAILURE_LIMIT } from '../two-factor/service';

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
let ipCounter = 0;
/** Each scene from its own addresses, so one test's failures never reach another. */
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/**
 * Sign-in and account security (decision 0051): device cookies that keep the owner's browser out
 * of a stranger's lock-out, at the password and at the code; proof of the person before a new
 * password, turning two-step verification off or new recovery codes; and the per-address cap on
 * reset e-mails.
 */
describe.each(BACKENDS)('account security on %s', (backend) => {
  let t: TestApp;
  let now: number;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => t.close());
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    now = Math.floor(Date.now() / STEP_MS) * STEP_MS + 5_000;
    vi.setSystemTime(now);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Moves the clock to the next time step and answers that step's code. */
  const nextCode = (secret: string) => {
    now += STEP_MS;
    vi.setSystemTime(now);
    return totpCodeAt(secret, now);
  };
  const wrongCodeFor = (secret: string) => totpCodeAt(secret, now + 20 * STEP_MS);

  /** A browser: it keeps the cookies the server sets and sends them, with the CSRF token, from its address. */
  function browser(ip = freshIp()) {
    const jar = new Map<string, string>();
    let csrf: string | null = null;
    const b = {
      ip,
      jar,
      async inject(o: InjectOptions & { payload?: object }) {
        const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
        const res = await t.app.inject({
          ...o,
          remoteAddress: b.ip,
          headers: { ...(cookie ? { cookie } : {}), ...(csrf ? { 'x-csrf-token': csrf } : {}), ...(o.headers ?? {}) },
        } as InjectOptions);
        for (const c of res.cookies) {
          if (c.value && !(c.expires && c.expires.getTime() < Date.now())) jar.set(c.name, c.value);
          else jar.delete(c.name);
        }
        const token = (res.headers['content-type'] ?? '').toString().includes('json') ? res.json()?.csrfToken : undefined;
        if (typeof token === 'string') csrf = token;
        return res;
      },
      post: (url: string, payload: object = {}) => b.inject({ method: 'POST', url, payload }),
      signIn: (email: string, password: string) => b.post('/api/auth/sign-in', { email, password }),
      forget: () => {
        jar.delete(SESSION_COOKIE);
        csrf = null;
      },
    };
    return b;
  }

  /** A person with two-step verification on: their secret and recovery codes. */
  async function enrolledUser(role: 'admin' | 'creative' = 'creative') {
    const user = await buildUser(t.ctx.db, { role });
    const b = browser();
    expect((await b.signIn(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    const { secret } = (await b.post('/api/account/two-factor/enroll')).json() as { secret: string };
    const confirmed = await b.post('/api/account/two-factor/confirm', { code: nextCode(secret) });
    expect(confirmed.statusCode).toBe(200);
    return { user, secret, recoveryCodes: (confirmed.json() as { recoveryCodes: string[] }).recoveryCodes, setupBrowser: b };
  }

  describe('device cookies at the password', () => {
    it('a full sign-in gives the browser an httpOnly device cookie that names no account', async () => {
      const user = await buildUser(t.ctx.db);
      const b = browser();
      const res = await b.signIn(user.email, TEST_PASSWORD);
      const device = res.cookies.find((c) => c.name === DEVICE_COOKIE)!;
      expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(device.value).not.toContain(user.id);
      expect(device.value).not.toContain(user.email);
      // Another person signing in on the same browser keeps the first one's entry.
      const other = await buildUser(t.ctx.db);
      b.forget();
      await b.signIn(other.email, TEST_PASSWORD);
      expect(b.jar.get(DEVICE_COOKIE)!.split('~')).toHaveLength(2);
    });

    it(`failures from eleven addresses hold an unknown browser at the account's ceiling, never the owner's known browser`, async () => {
      const owner = await buildUser(t.ctx.db, { role: 'admin' });
      const usual = browser();
      expect((await usual.signIn(owner.email, TEST_PASSWORD)).statusCode).toBe(200);
      usual.forget();

      // Five wrong passwords from each of eleven addresses: past the ceiling for the account.
      for (let a = 0; a < 11; a++) {
        const attacker = browser();
        for (let i = 0; i < PAIR_FAILURE_LIMIT; i++) {
          expect([400, 429]).toContain((await attacker.signIn(owner.email, `guess-${a}-${i}`)).statusCode);
        }
      }
      expect(11 * PAIR_FAILURE_LIMIT).toBeGreaterThan(ACCOUNT_FAILURE_CEILING);

      // The owner's browser, from a new address: let in.
      usual.ip = freshIp();
      const known = await usual.signIn(owner.email, TEST_PASSWORD);
      expect(known.statusCode, known.body).toBe(200);
      // A browser that never signed in to the account: held as before.
      const unknown = await browser().signIn(owner.email, TEST_PASSWORD);
      expect(unknown.statusCode).toBe(429);
      expect(unknown.json().error.message).toBe(AUTH_MESSAGES.tooManyAttempts);
    });

    it('twenty failures from one address (a shared network) hold unknown browsers there, not a known device of another account', async () => {
      const nat = freshIp();
      const member = await buildUser(t.ctx.db);
      const memberBrowser = browser(nat);
      expect((await memberBrowser.signIn(member.email, TEST_PASSWORD)).statusCode).toBe(200);
      memberBrowser.forget();

      const guesser = browser(nat);
      for (let i = 0; i < ADDRESS_FAILURE_LIMIT; i++) {
        expect((await guesser.signIn(`nobody-${i}@example.test`, 'wrong')).statusCode).toBe(400);
      }
      expect((await memberBrowser.signIn(member.email, TEST_PASSWORD)).statusCode).toBe(200);
      // Someone else behind the same address, on a browser new to their account, waits.
      const colleague = await buildUser(t.ctx.db);
      const fresh = await browser(nat).signIn(colleague.email, TEST_PASSWORD);
      expect(fresh.statusCode).toBe(429);
      // The member's device cookie is for the member's account only.
      memberBrowser.forget();
      expect((await memberBrowser.signIn(colleague.email, TEST_PASSWORD)).statusCode).toBe(429);
    });

    it('a known browser has a limit of its own, which does not count against the account', async () => {
      const owner = await buildUser(t.ctx.db);
      const b = browser();
      await b.signIn(owner.email, TEST_PASSWORD);
      b.forget();
      for (let i = 0; i < DEVICE_FAILURE_LIMIT; i++) expect((await b.signIn(owner.email, `typo-${i}`)).statusCode).toBe(400);
      expect((await b.signIn(owner.email, TEST_PASSWORD)).statusCode).toBe(429);
      // The same address on another browser is not held by the known browser's failures.
      expect((await browser(b.ip).signIn(owner.email, TEST_PASSWORD)).statusCode).toBe(200);
    });

    it('a forged or copied-between-accounts device cookie counts for nothing', async () => {
      const owner = await buildUser(t.ctx.db);
      const ip = freshIp();
      for (let i = 0; i < PAIR_FAILURE_LIMIT; i++) await browser(ip).signIn(owner.email, `guess-${i}`);
      const forged = browser(ip);
      forged.jar.set(DEVICE_COOKIE, `${'a'.repeat(22)}.${'b'.repeat(43)}`);
      expect((await forged.signIn(owner.email, TEST_PASSWORD)).statusCode).toBe(429);
    });
  });

  describe('device cookies at the code', () => {
    it("wrong codes from a stranger who has the password hold unknown browsers, not the owner's browser", async () => {
      const { user, secret, recoveryCodes, setupBrowser } = await enrolledUser('admin');
      // The owner's usual browser: it signed in with password and code before.
      const usual = browser();
      await usual.signIn(user.email, TEST_PASSWORD);
      expect((await usual.post('/api/auth/second-factor', { code: nextCode(secret) })).statusCode).toBe(200);
      usual.forget();

      // The stranger signs in with the password from several addresses and guesses codes.
      for (let a = 0; a < 3; a++) {
        const attacker = browser();
        await attacker.signIn(user.email, TEST_PASSWORD);
        for (let i = 0; i < PAIR_FAILURE_LIMIT; i++) {
          expect([400, 429]).toContain((await attacker.post('/api/auth/second-factor', { code: wrongCodeFor(secret) })).statusCode);
        }
      }
      expect(3 * PAIR_FAILURE_LIMIT).toBeGreaterThan(CODE_ACCOUNT_FAILURE_LIMIT);

      // The owner's browser: the code and a recovery code still work.
      expect((await usual.signIn(user.email, TEST_PASSWORD)).json().user.secondStep).toBe('verify');
      const byCode = await usual.post('/api/auth/second-factor', { code: nextCode(secret) });
      expect(byCode.statusCode, byCode.body).toBe(200);
      usual.forget();
      await usual.signIn(user.email, TEST_PASSWORD);
      expect((await usual.post('/api/auth/second-factor', { recoveryCode: recoveryCodes[0] })).statusCode).toBe(200);
      // A session already fully signed in proves itself with a code too (new recovery codes).
      expect((await setupBrowser.post('/api/account/two-factor/recovery-codes', { code: nextCode(secret) })).statusCode).toBe(200);

      // An unknown browser is held as before.
      const unknown = browser();
      await unknown.signIn(user.email, TEST_PASSWORD);
      const held = await unknown.post('/api/auth/second-factor', { code: nextCode(secret) });
      expect(held.statusCode).toBe(429);
      expect(held.json().error.message).toBe(M.tooManyAttempts);
    });

    it('a browser that owes a code is not remembered until the code is right', async () => {
      const { user, secret } = await enrolledUser();
      const b = browser();
      const half = await b.signIn(user.email, TEST_PASSWORD);
      expect(half.cookies.map((c) => c.name)).not.toContain(DEVICE_COOKIE);
      const done = await b.post('/api/auth/second-factor', { code: nextCode(secret) });
      expect(done.cookies.map((c) => c.name)).toContain(DEVICE_COOKIE);
    });
  });

  describe('proof before a new password', () => {
    const change = (b: ReturnType<typeof browser>, payload: object) => b.post('/api/auth/password', payload);

    it('refuses a change without the current password or with a wrong one, and accepts the right one', async () => {
      const user = await buildUser(t.ctx.db);
      const b = browser();
      await b.signIn(user.email, TEST_PASSWORD);
      const bare = await change(b, { password: 'a-new-password-1' });
      expect(bare.statusCode).toBe(400);
      expect(bare.json().error).toMatchObject({ code: 'reauthentication_required', message: AUTH_MESSAGES.currentPasswordRequired });
      const wrong = await change(b, { password: 'a-new-password-1', currentPassword: 'not-it' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toMatchObject({ code: 'wrong_password', fields: { currentPassword: AUTH_MESSAGES.wrongCurrentPassword } });
      // Nothing changed: the old password still signs in.
      expect((await browser().signIn(user.email, TEST_PASSWORD)).statusCode).toBe(200);

      const ok = await change(b, { password: 'a-new-password-1', currentPassword: TEST_PASSWORD });
      expect(ok.statusCode).toBe(200);
      expect((await browser().signIn(user.email, 'a-new-password-1')).statusCode).toBe(200);
    });

    it('a forced change after an invite or reset takes the temporary password as the current one', async () => {
      const user = await buildUser(t.ctx.db, { passwordResetRequired: true });
      const b = browser();
      await b.signIn(user.email, TEST_PASSWORD);
      expect((await change(b, { password: 'my-own-password-1' })).statusCode).toBe(400);
      const ok = await change(b, { password: 'my-own-password-1', currentPassword: TEST_PASSWORD });
      expect(ok.statusCode).toBe(200);
      expect((await b.inject({ method: 'GET', url: '/api/auth/session' })).json().user.passwordResetRequired).toBe(false);
    });

    it('wrong current passwords from a stolen session are limited like sign-in', async () => {
      const user = await buildUser(t.ctx.db);
      const stolen = browser();
      await stolen.signIn(user.email, TEST_PASSWORD);
      stolen.jar.delete(DEVICE_COOKIE); // what a thief copying only the session would have
      for (let i = 0; i < PAIR_FAILURE_LIMIT; i++) {
        expect((await change(stolen, { password: 'taken-over-1', currentPassword: `guess-${i}` })).statusCode).toBe(400);
      }
      expect((await change(stolen, { password: 'taken-over-1', currentPassword: TEST_PASSWORD })).statusCode).toBe(429);
    });

    it('with two-step verification on, a fresh code from the app will do instead', async () => {
      const { user, secret, setupBrowser } = await enrolledUser();
      const stale = await change(setupBrowser, { password: 'a-new-password-2', code: totpCodeAt(secret, now) });
      expect(stale.statusCode).toBe(400);
      expect(stale.json().error.message).toBe(M.wrongCode);
      expect((await change(setupBrowser, { password: 'a-new-password-2', code: nextCode(secret) })).statusCode).toBe(200);
      expect((await browser().signIn(user.email, 'a-new-password-2')).statusCode).toBe(200);
    });

    it('someone who signs in with single sign-on may set a password within minutes of that sign-in, not later', async () => {
      const user = await buildUser(t.ctx.db);
      const agentOf = async () => {
        const s = await createSession(t.ctx.db, user.id, 30, { bySso: true });
        const b = browser();
        b.jar.set(SESSION_COOKIE, s.token);
        await b.inject({ method: 'GET', url: '/api/auth/session' });
        return { b, id: s.token };
      };
      const fresh = await agentOf();
      expect((await change(fresh.b, { password: 'sso-person-pass-1' })).statusCode).toBe(200);

      const old = await agentOf();
      await t.ctx.db
        .update(sessions)
        .set({ createdAt: sql`now() - make_interval(mins => ${FRESH_SSO_MINUTES + 1})` })
        .where(eq(sessions.userId, user.id));
      const late = await change(old.b, { password: 'sso-person-pass-2' });
      expect(late.statusCode).toBe(400);
      expect(late.json().error.message).toBe(AUTH_MESSAGES.ssoSignInAgain);
    });
  });

  describe('proof before two-step verification changes', () => {
    it('new recovery codes need a fresh code: without one, or with a wrong one, nothing changes', async () => {
      const { secret, recoveryCodes, setupBrowser, user } = await enrolledUser();
      const url = '/api/account/two-factor/recovery-codes';
      const bare = await setupBrowser.post(url, {});
      expect(bare.statusCode).toBe(400);
      expect(bare.json().error.message).toBe(M.codeRequired);
      const wrong = await setupBrowser.post(url, { code: wrongCodeFor(secret) });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.message).toBe(M.wrongCode);
      const ok = await setupBrowser.post(url, { code: nextCode(secret) });
      expect(ok.statusCode).toBe(200);
      const fresh = (ok.json() as { recoveryCodes: string[] }).recoveryCodes;
      expect(fresh).toHaveLength(10);
      expect(fresh).not.toEqual(recoveryCodes);
      // The old codes are gone, the new ones work.
      const b = browser();
      await b.signIn(user.email, TEST_PASSWORD);
      expect((await b.post('/api/auth/second-factor', { recoveryCode: recoveryCodes[0] })).statusCode).toBe(400);
      expect((await b.post('/api/auth/second-factor', { recoveryCode: fresh[0] })).statusCode).toBe(200);
    });

    it('turning two-step verification off needs a fresh code, not only the session', async () => {
      const { secret, setupBrowser } = await enrolledUser();
      expect((await setupBrowser.post('/api/account/two-factor/disable', {})).statusCode).toBe(400);
      expect((await setupBrowser.post('/api/account/two-factor/disable', { code: wrongCodeFor(secret) })).statusCode).toBe(400);
      expect((await setupBrowser.inject({ method: 'GET', url: '/api/account/two-factor' })).json().enabled).toBe(true);
      expect((await setupBrowser.post('/api/account/two-factor/disable', { code: nextCode(secret) })).statusCode).toBe(200);
    });
  });

  describe('forgot password', () => {
    it(`one address queues at most ${RESET_LINKS_PER_ADDRESS_PER_HOUR} reset e-mails an hour, answering every request the same`, async () => {
      const people = await Promise.all(Array.from({ length: 5 }, () => buildUser(t.ctx.db)));
      const ip = freshIp();
      for (let i = 0; i < 20; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: people[i % 5].email },
          remoteAddress: ip,
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ message: AUTH_MESSAGES.resetLinkSent });
      }
      const emails = people.map((p) => p.email);
      const queued = await t.ctx.db.select().from(pendingEmails).where(inArray(pendingEmails.recipient, emails));
      expect(queued).toHaveLength(RESET_LINKS_PER_ADDRESS_PER_HOUR);
      // Another address is not held by it.
      const other = await buildUser(t.ctx.db);
      await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: other.email }, remoteAddress: freshIp() });
      expect(await t.ctx.db.select().from(pendingEmails).where(eq(pendingEmails.recipient, other.email))).toHaveLength(1);
    });
  });
});
