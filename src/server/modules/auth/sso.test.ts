import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_SIGN_IN_MESSAGES } from '../../../shared/api/auth';
import { SSO_ERRORS, SSO_MESSAGES } from '../../../shared/api/sso-messages';
import { hashToken } from '../../platform/auth/sessions';
import { setSetting } from '../../platform/settings';
import { OIDC_REDIRECT_PATH, type OidcConfig } from '../../platform/config';
import { loginAttempts, oidcSignIns, sessions, users } from '../../platform/db/schema';
import { sessionAgent } from '../../test/agent';
import { BACKENDS, createTestApp, type TestApp } from '../../test/harness';
import { buildUser, TEST_PASSWORD } from '../../test/factories';
import { authorizeAt, startTestProvider, type TestProvider } from '../../test/oidc-provider';
import { SSO_BROWSER_COOKIE } from './sso-routes';

const APP_ORIGIN = 'http://localhost:3000';

const oidcFor = (provider: Pick<TestProvider, 'issuer' | 'clientId' | 'clientSecret'>): OidcConfig => ({
  issuer: provider.issuer,
  clientId: provider.clientId,
  clientSecret: provider.clientSecret,
  label: 'Test Provider',
  redirectUri: `${APP_ORIGIN}${OIDC_REDIRECT_PATH}`,
});

const cookieOf = (res: LightMyRequestResponse, name: string): string | undefined => {
  const all = res.headers['set-cookie'];
  const lines = Array.isArray(all) ? all : all ? [all] : [];
  return lines.find((l) => l.startsWith(`${name}=`))?.split(';')[0];
};

describe.each(BACKENDS)('single sign-on with OpenID Connect on %s', (backend) => {
  let provider: TestProvider;
  let t: TestApp;
  beforeAll(async () => {
    provider = await startTestProvider({ accounts: [], redirectUris: [`${APP_ORIGIN}${OIDC_REDIRECT_PATH}`] });
    t = await createTestApp(backend, { config: { appOrigin: APP_ORIGIN, oidc: oidcFor(provider) } });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  /**
   * A person at the provider (their own sub and e-mail, so tests never share one) and, unless
   * `profile` is null, their Lampstand profile under the same address in another letter case.
   */
  async function person(opts: { verified?: boolean; profile?: Parameters<typeof buildUser>[1] | null } = {}) {
    const sub = `p-${randomBytes(4).toString('hex')}`;
    const email = `${sub}.sso@example.test`;
    provider.addAccount({ sub, email, emailVerified: opts.verified ?? true });
    const user = opts.profile === null ? null : await buildUser(t.ctx.db, { email: email.toUpperCase(), ...opts.profile });
    return { sub, email, user };
  }

  /** The browser leaves for the provider: its authorization URL and the browser's binding cookie. */
  async function start(browserCookie?: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/oidc/start',
      headers: browserCookie ? { cookie: browserCookie } : {},
    });
    expect(res.statusCode).toBe(303);
    const location = res.headers.location!;
    expect(location.startsWith(`${provider.issuer}/`)).toBe(true);
    return { authorizationUrl: location, browser: cookieOf(res, SSO_BROWSER_COOKIE) ?? browserCookie! };
  }

  /** The provider's redirect back, arriving at the app with the browser's cookies. */
  const callback = (url: URL, cookie: string) => t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { cookie } });

  async function signInAs(sub: string) {
    const { authorizationUrl, browser } = await start();
    const back = await authorizeAt(authorizationUrl, sub);
    return { back, browser, res: await callback(back, browser) };
  }

  const expectRefused = (res: LightMyRequestResponse, code: string) => {
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/login?sso=${code}`);
    expect(cookieOf(res, 'ls_session')).toBeUndefined();
  };

  it('asks for the code with PKCE (S256), state and nonce, and binds the sign-in to the browser with an httpOnly cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
    const url = new URL(res.headers.location!);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe(provider.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(`${APP_ORIGIN}/api/auth/oidc/callback`);
    expect(url.searchParams.get('scope')).toBe('openid email');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^ls_sso=[\w-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/api\/auth\/oidc/);
    // The state is kept only as a digest; the verifier never leaves the server.
    const [row] = await t.ctx.db
      .select()
      .from(oidcSignIns)
      .where(eq(oidcSignIns.nonce, url.searchParams.get('nonce')!));
    expect(row.stateHash).not.toBe(url.searchParams.get('state'));
    expect(url.href).not.toContain(row.codeVerifier);
  });

  it("signs the verified e-mail's active profile in (case-insensitively) with a working session, as the password form does", async () => {
    const { sub, email, user } = await person({ profile: { role: 'approver' } });
    const { res } = await signInAs(sub);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/admin/intake');
    const raw = String(([] as string[]).concat(res.headers['set-cookie'] ?? []).find((l) => l.startsWith('ls_session=')));
    expect(raw).toMatch(/HttpOnly/);
    expect(raw).toMatch(/SameSite=Lax/);
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: cookieOf(res, 'ls_session')! } });
    expect(session.json().user).toMatchObject({ id: user!.id, email: email.toUpperCase(), role: 'approver' });
    expect(session.json().csrfToken).toEqual(expect.any(String));
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user!.id));
    expect(row.lastLoginAt).not.toBeNull();
    const attempts = await t.ctx.db.select().from(loginAttempts).where(eq(loginAttempts.email, email));
    expect(attempts.map((a) => a.succeeded)).toEqual([true]);
  });

  it('ends the session this browser had before, as the password sign-in does', async () => {
    const before = await buildUser(t.ctx.db);
    const old = await sessionAgent(t.app, before.id);
    const { sub } = await person({ profile: { role: 'creative' } });
    const { authorizationUrl, browser } = await start();
    const back = await authorizeAt(authorizationUrl, sub);
    const res = await callback(back, `${browser}; ${old.cookie}`);
    expect(res.headers.location).toBe('/production-board');
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, before.id))).toEqual([]);
  });

  it('an unknown e-mail gets "Need access? Contact an administrator to be added" and no profile is created', async () => {
    const { sub, email } = await person({ profile: null });
    const before = await t.ctx.db.select({ id: users.id }).from(users);
    const { res } = await signInAs(sub);
    expectRefused(res, 'unknown');
    expect(SSO_ERRORS.unknown).toBe('Need access? Contact an administrator to be added');
    const found = await t.ctx.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email));
    expect(found).toEqual([]);
    expect(await t.ctx.db.select({ id: users.id }).from(users)).toHaveLength(before.length);
  });

  it('a deactivated profile gets "Your account has been deactivated."', async () => {
    const { sub } = await person({ profile: { active: false } });
    const { res } = await signInAs(sub);
    expectRefused(res, 'deactivated');
    expect(SSO_ERRORS.deactivated).toBe('Your account has been deactivated.');
  });

  it('refuses an e-mail the provider has not verified', async () => {
    const { sub } = await person({ verified: false });
    const { res } = await signInAs(sub);
    expectRefused(res, 'unverified');
  });

  it('refuses a tampered state, and a state brought back by another browser', async () => {
    const { sub } = await person();
    const { authorizationUrl, browser } = await start();
    const back = await authorizeAt(authorizationUrl, sub);
    const tampered = new URL(back);
    tampered.searchParams.set('state', `${back.searchParams.get('state')}x`);
    expectRefused(await callback(tampered, browser), 'failed');
    const missing = new URL(back);
    missing.searchParams.delete('state');
    expectRefused(await callback(missing, browser), 'failed');
    // The genuine state from a browser that did not start the sign-in (no cookie, or another one).
    const other = await start();
    expectRefused(await callback(back, other.browser), 'failed');
    expectRefused(await callback(back, ''), 'failed');
  });

  it('a code and its state work once: the same callback again, or the code with a fresh state, is refused', async () => {
    const { sub } = await person();
    const { back, browser, res } = await signInAs(sub);
    expect(res.headers.location).toBe('/dashboard');
    expectRefused(await callback(back, browser), 'failed');
    // The used code under the state of a new sign-in from the same browser: its verifier does
    // not match and the provider has spent the code.
    const fresh = await start(browser);
    const replay = new URL(back);
    replay.searchParams.set('state', new URL(fresh.authorizationUrl).searchParams.get('state')!);
    expectRefused(await callback(replay, browser), 'failed');
  });

  it('refuses an ID token whose nonce is not the one this sign-in asked for', async () => {
    const { sub } = await person();
    const { authorizationUrl, browser } = await start();
    const swapped = new URL(authorizationUrl);
    swapped.searchParams.set('nonce', 'a-nonce-the-app-never-issued');
    const back = await authorizeAt(swapped.href, sub);
    expectRefused(await callback(back, browser), 'failed');
  });

  it('refuses a sign-in that waited at the provider past its ten minutes', async () => {
    const { sub } = await person();
    const { authorizationUrl, browser } = await start();
    const back = await authorizeAt(authorizationUrl, sub);
    const state = new URL(authorizationUrl).searchParams.get('state')!;
    await t.ctx.db
      .update(oidcSignIns)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oidcSignIns.stateHash, hashToken(state)));
    expectRefused(await callback(back, browser), 'failed');
  });

  it('the sign-in page is offered the button with its label and, by default, the password form', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/sign-in-options' });
    expect(res.json()).toEqual({ password: true, sso: { label: 'Test Provider' } });
  });

  describe('password sign-in turned off', () => {
    it('refuses the password form and the reset link with a clear message, keeps single sign-on, and comes back on', async () => {
      const admin = await sessionAgent(t.app, (await buildUser(t.ctx.db, { role: 'admin' })).id);
      const someone = await buildUser(t.ctx.db);
      const off = await admin.inject({ method: 'PUT', url: '/api/admin/settings/password-sign-in', payload: { enabled: false } });
      expect(off.statusCode).toBe(200);
      expect(off.json()).toMatchObject({ enabled: false, ssoLabel: 'Test Provider', updatedByName: expect.any(String) });
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/sign-in-options' })).json()).toEqual({
        password: false,
        sso: { label: 'Test Provider' },
      });

      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: someone.email, password: TEST_PASSWORD },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toEqual({ code: 'password_sign_in_off', message: SSO_MESSAGES.passwordSignInOff });
      expect(refused.headers['set-cookie']).toBeUndefined();
      const reset = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: someone.email } });
      expect(reset.statusCode).toBe(403);

      const { sub } = await person();
      const { res } = await signInAs(sub);
      expect(res.headers.location).toBe('/dashboard');

      const on = await admin.inject({ method: 'PUT', url: '/api/admin/settings/password-sign-in', payload: { enabled: true } });
      expect(on.json()).toMatchObject({ enabled: true });
      const back = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: someone.email, password: TEST_PASSWORD },
      });
      expect(back.statusCode).toBe(200);
    });
  });
});

describe.each(BACKENDS)('single sign-on not configured on %s', (backend) => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp(backend);
  });
  afterAll(async () => plain?.close());

  it('offers no button, keeps the password form on and refuses to turn it off', async () => {
    expect((await plain.app.inject({ method: 'GET', url: '/api/auth/sign-in-options' })).json()).toEqual({ password: true, sso: null });
    const admin = await sessionAgent(plain.app, (await buildUser(plain.ctx.db, { role: 'admin' })).id);
    const off = await admin.inject({ method: 'PUT', url: '/api/admin/settings/password-sign-in', payload: { enabled: false } });
    expect(off.statusCode).toBe(409);
    expect(off.json().error.message).toBe(PASSWORD_SIGN_IN_MESSAGES.needsSso);
    const read = await admin.inject({ method: 'GET', url: '/api/admin/settings/password-sign-in' });
    expect(read.json()).toMatchObject({ enabled: true, ssoLabel: null });
    const start = await plain.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
    expect(start.headers.location).toBe('/login?sso=unavailable');
  });

  it('a setting left off from when single sign-on was configured no longer shuts the password form', async () => {
    const admin = await buildUser(plain.ctx.db, { role: 'admin' });
    await setSetting(plain.ctx.db, 'passwordSignIn', false, admin.id);
    const res = await plain.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: admin.email, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe.each(BACKENDS)('single sign-on with its provider down on %s', (backend) => {
  let down: TestApp;
  beforeAll(async () => {
    // A provider that answered once and is gone: the app still starts, and says so at sign-in.
    const gone = await startTestProvider({ accounts: [], redirectUris: [`${APP_ORIGIN}${OIDC_REDIRECT_PATH}`] });
    await gone.close();
    down = await createTestApp(backend, { config: { appOrigin: APP_ORIGIN, oidc: oidcFor(gone) } });
  });
  afterAll(async () => down?.close());

  it('the start sends the browser back to /login with a clear message', async () => {
    const res = await down.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login?sso=unavailable');
    expect(await down.ctx.db.select().from(oidcSignIns)).toEqual([]);
    expect(SSO_ERRORS.unavailable).toBe(SSO_MESSAGES.unavailable);
  });
});
