import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TWO_FACTOR_MESSAGES as M } from '../../../shared/api/two-factor';
import { totpCodeAt, TOTP_PERIOD_SECONDS } from '../../platform/auth/totp';
import { activityLog, mfaFactors, mfaRecoveryCodes, sessions } from '../../platform/db/schema';
import { ACCESS_TABLE } from '../../test/access-table';
import { sessionAgent } from '../../test/agent';
import { buildUser, TEST_PASSWORD } from '../../test/factories';
import { BACKENDS, createTestApp, signIn, type Agent, type TestApp } from '../../test/harness';
import { CODE_ACCOUNT_FAILURE_LIMIT } from './service';
import { PAIR_FAILURE_LIMIT } from '../auth/service';

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;

/**
 * The second factor through the API: enrollment, the sign-in's second step at aal1,
 * recovery codes, the limits on wrong codes, disabling, the admin's reset, the requirement setting
 * and the confinements they make. The clock (Date only) is held still and moved a step at a time,
 * so each code belongs to a known step.
 */
describe.each(BACKENDS)('second factor on %s', (backend) => {
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

  const post = (agent: Agent, url: string, payload: unknown = {}) => agent.inject({ method: 'POST', url, payload: payload as object });
  const get = (agent: Agent, url: string) => agent.inject({ method: 'GET', url });

  /** A person with a verified factor: the secret and the ten recovery codes. */
  async function enrolled(role: 'creative' | 'coordinator' | 'admin' | 'requester' = 'creative') {
    const user = await buildUser(t.ctx.db, { role });
    const agent = await sessionAgent(t.app, user.id);
    const started = await post(agent, '/api/account/two-factor/enroll');
    expect(started.statusCode).toBe(200);
    const { secret } = started.json() as { secret: string };
    const confirmed = await post(agent, '/api/account/two-factor/confirm', { code: nextCode(secret) });
    expect(confirmed.statusCode).toBe(200);
    return { user, agent, secret, recoveryCodes: (confirmed.json() as { recoveryCodes: string[] }).recoveryCodes };
  }

  it('enrolls: a QR code and the secret, a wrong first code refused, a right one turns it on with ten recovery codes', async () => {
    const user = await buildUser(t.ctx.db, { role: 'requester' });
    const agent = await sessionAgent(t.app, user.id);
    expect((await get(agent, '/api/account/two-factor')).json()).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
      required: false,
    });
    const noSetup = await post(agent, '/api/account/two-factor/confirm', { code: '123456' });
    expect(noSetup.statusCode).toBe(409);
    expect(noSetup.json().error.message).toBe(M.noEnrollment);

    const started = await post(agent, '/api/account/two-factor/enroll');
    expect(started.statusCode).toBe(200);
    const enrollment = started.json() as { secret: string; otpauthUri: string; qrCode: string };
    expect(enrollment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrollment.otpauthUri).toContain(`secret=${enrollment.secret}`);
    expect(enrollment.otpauthUri).toContain(encodeURIComponent(user.email));
    expect(enrollment.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(enrollment.qrCode.split(',')[1], 'base64').toString()).toContain('<svg');

    const wrongCode = totpCodeAt(enrollment.secret, now + 5 * STEP_MS);
    const refused = await post(agent, '/api/account/two-factor/confirm', { code: wrongCode });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(M.wrongCode);
    expect((await get(agent, '/api/account/two-factor')).json().enabled).toBe(false);

    const confirmed = await post(agent, '/api/account/two-factor/confirm', { code: totpCodeAt(enrollment.secret, now) });
    expect(confirmed.statusCode).toBe(200);
    const codes = (confirmed.json() as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(10);
    // Only hashes are kept.
    const stored = await t.ctx.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    expect(stored.map((r) => r.codeHash)).not.toContain(codes[0]);

    const status = (await get(agent, '/api/account/two-factor')).json();
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10, required: false });
    expect(status.enabledAt).not.toBeNull();
    // The session that proved the factor is at aal2: nothing more is owed.
    expect((await get(agent, '/api/auth/session')).json().user.secondStep).toBeNull();
    expect((await get(agent, '/api/notifications')).statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row.aal).toBe('aal2');

    const again = await post(agent, '/api/account/two-factor/enroll');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(M.alreadyEnrolled);
  });

  it('signs in at aal1, confined to the second step, until a code raises the session to aal2', async () => {
    const { user, secret } = await enrolled();
    const agent = await signIn(t.app, user.email, TEST_PASSWORD);
    const session = (await get(agent, '/api/auth/session')).json();
    expect(session.user.secondStep).toBe('verify');

    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/events'],
      ['GET', '/api/account/two-factor'],
      ['GET', '/api/account/sessions'],
    ] as const) {
      const res = await agent.inject({ method, url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code, url).toBe('second_factor_required');
    }
    const password = await post(agent, '/api/auth/password', { password: 'another-password-1' });
    expect(password.json().error.code).toBe('second_factor_required');

    const wrongCode = await post(agent, '/api/auth/second-factor', { code: totpCodeAt(secret, now + 4 * STEP_MS) });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().error.message).toBe(M.wrongCode);

    const code = nextCode(secret);
    const ok = await post(agent, '/api/auth/second-factor', { code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ id: user.id, secondStep: null });
    expect((await get(agent, '/api/auth/session')).json().user.secondStep).toBeNull();
    expect((await get(agent, '/api/notifications')).statusCode).toBe(200);

    // The same code again, from another sign-in within its window: a replay, refused.
    const other = await signIn(t.app, user.email, TEST_PASSWORD);
    const replay = await post(other, '/api/auth/second-factor', { code });
    expect(replay.statusCode).toBe(400);
    expect((await get(other, '/api/auth/session')).json().user.secondStep).toBe('verify');
    // An older step's code, still inside the ±1 window, is refused too: the steps only move forward.
    const older = await post(other, '/api/auth/second-factor', { code: totpCodeAt(secret, now - STEP_MS) });
    expect(older.statusCode).toBe(400);
    expect((await post(other, '/api/auth/second-factor', { code: nextCode(secret) })).statusCode).toBe(200);
  });

  it('accepts each recovery code once, in any case and spacing', async () => {
    const { user, recoveryCodes } = await enrolled();
    const first = await signIn(t.app, user.email, TEST_PASSWORD);
    const typed = recoveryCodes[3].toUpperCase().replace('-', ' ');
    const ok = await post(first, '/api/auth/second-factor', { recoveryCode: typed });
    expect(ok.statusCode).toBe(200);
    expect((await get(first, '/api/account/two-factor')).json().recoveryCodesLeft).toBe(9);

    const second = await signIn(t.app, user.email, TEST_PASSWORD);
    const reused = await post(second, '/api/auth/second-factor', { recoveryCode: recoveryCodes[3] });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toBe(M.wrongRecoveryCode);
    const made = await post(second, '/api/auth/second-factor', { recoveryCode: 'aaaaa-bbbbb' });
    expect(made.statusCode).toBe(400);
    expect((await post(second, '/api/auth/second-factor', { recoveryCode: recoveryCodes[4] })).statusCode).toBe(200);
  });

  it('limits wrong codes like passwords: after 5 from one address even the right code waits', async () => {
    const { user, secret } = await enrolled();
    const agent = await signIn(t.app, user.email, TEST_PASSWORD);
    const wrongCode = totpCodeAt(secret, now + 10 * STEP_MS);
    for (let i = 0; i < PAIR_FAILURE_LIMIT; i++) {
      expect((await post(agent, '/api/auth/second-factor', { code: wrongCode })).statusCode).toBe(400);
    }
    const limited = await post(agent, '/api/auth/second-factor', { code: nextCode(secret) });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(M.tooManyAttempts);
    const recovery = await post(agent, '/api/auth/second-factor', { recoveryCode: 'aaaaa-bbbbb' });
    expect(recovery.statusCode).toBe(429);
    expect((await get(agent, '/api/auth/session')).json().user.secondStep).toBe('verify');
  });

  it('limits one person across addresses at a lower ceiling', async () => {
    const { user, secret } = await enrolled();
    const agent = await sessionAgent(t.app, user.id);
    const wrongCode = totpCodeAt(secret, now + 10 * STEP_MS);
    for (let i = 0; i < CODE_ACCOUNT_FAILURE_LIMIT; i++) {
      // A new address each time, so the per-address limits never bite.
      const res = await agent.inject({
        method: 'POST',
        url: '/api/auth/second-factor',
        payload: { code: wrongCode },
        remoteAddress: `10.0.0.${i}`,
      });
      expect(res.statusCode).toBe(400);
    }
    const fresh = { method: 'POST' as const, url: '/api/auth/second-factor', remoteAddress: '10.0.1.1' };
    expect((await agent.inject({ ...fresh, payload: { code: nextCode(secret) } })).statusCode).toBe(429);
    // Another person from those addresses is not held back by it.
    const other = await enrolled();
    const theirs = await sessionAgent(t.app, other.user.id);
    expect((await theirs.inject({ ...fresh, payload: { code: nextCode(other.secret) } })).statusCode).toBe(200);
  });

  it('disables with a current code only', async () => {
    const { user, agent, secret } = await enrolled();
    const wrongCode = await post(agent, '/api/account/two-factor/disable', { code: totpCodeAt(secret, now + 6 * STEP_MS) });
    expect(wrongCode.statusCode).toBe(400);
    expect((await get(agent, '/api/account/two-factor')).json().enabled).toBe(true);
    const missing = await post(agent, '/api/account/two-factor/disable', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(M.codeRequired);

    const off = await post(agent, '/api/account/two-factor/disable', { code: nextCode(secret) });
    expect(off.statusCode).toBe(200);
    expect((await get(agent, '/api/account/two-factor')).json()).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    expect(await t.ctx.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id))).toHaveLength(0);
    const next = await signIn(t.app, user.email, TEST_PASSWORD);
    expect((await get(next, '/api/auth/session')).json().user.secondStep).toBeNull();
    expect((await post(agent, '/api/account/two-factor/disable', { code: nextCode(secret) })).statusCode).toBe(409);
  });

  it("an admin resets a person's second factor: it is gone, their sessions end, and the reset is logged", async () => {
    const admin = await sessionAgent(t.app, (await buildUser(t.ctx.db, { role: 'admin' })).id);
    const { user, agent } = await enrolled();
    const waiting = await signIn(t.app, user.email, TEST_PASSWORD);
    const listed = (await get(admin, `/api/admin/users?search=${encodeURIComponent(user.email)}`)).json();
    expect(listed.users[0].secondFactor).toBe(true);

    const res = await post(admin, `/api/admin/users/${user.id}/reset-second-factor`);
    expect(res.statusCode).toBe(200);
    expect(await t.ctx.db.select().from(mfaFactors).where(eq(mfaFactors.userId, user.id))).toHaveLength(0);
    expect(await t.ctx.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id))).toHaveLength(0);
    // The session waiting for a code is not let in without one: it ended, as did the others.
    expect((await get(waiting, '/api/auth/session')).json().user).toBeNull();
    expect((await get(agent, '/api/auth/session')).json().user).toBeNull();
    const [entry] = await t.ctx.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.actionType, 'second_factor_reset'), eq(activityLog.oldValue, user.id)));
    expect(entry).toMatchObject({ userId: admin.userId, requestId: null });
    expect(entry.notes).toContain(user.fullName);
    expect((await get(admin, `/api/admin/users?search=${encodeURIComponent(user.email)}`)).json().users[0].secondFactor).toBe(false);

    const unknown = await post(admin, `/api/admin/users/${randomUUID()}/reset-second-factor`);
    expect(unknown.statusCode).toBe(404);
  });

  it('the requirement setting confines admins and coordinators without a factor to enrollment, and only them', async () => {
    const admin = await buildUser(t.ctx.db, { role: 'admin' });
    const adminAgent = await sessionAgent(t.app, admin.id);
    const coordinator = await sessionAgent(t.app, (await buildUser(t.ctx.db, { role: 'coordinator' })).id);
    const creative = await sessionAgent(t.app, (await buildUser(t.ctx.db, { role: 'creative' })).id);
    const withFactor = await enrolled('coordinator');
    // Cached sessions are read before the change, so the change must reach them.
    expect((await get(coordinator, '/api/notifications')).statusCode).toBe(200);

    const on = await adminAgent.inject({ method: 'PUT', url: '/api/admin/settings/second-factor-requirement', payload: { enabled: true } });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ enabled: true, updatedByName: admin.fullName });

    try {
      for (const agent of [coordinator, adminAgent]) {
        expect((await get(agent, '/api/auth/session')).json().user.secondStep).toBe('enroll');
        const refused = await get(agent, '/api/notifications');
        expect(refused.statusCode).toBe(403);
        expect(refused.json().error.code).toBe('second_factor_enrollment_required');
        expect((await get(agent, '/api/account/two-factor')).json()).toMatchObject({ enabled: false, required: true });
        expect((await get(agent, '/api/account/sessions')).statusCode).toBe(200);
      }
      expect((await get(creative, '/api/notifications')).statusCode).toBe(200);
      expect((await get(creative, '/api/auth/session')).json().user.secondStep).toBeNull();
      expect((await get(withFactor.agent, '/api/notifications')).statusCode).toBe(200);

      // Enrolling ends the confinement.
      const { secret } = (await post(coordinator, '/api/account/two-factor/enroll')).json() as { secret: string };
      expect((await post(coordinator, '/api/account/two-factor/confirm', { code: nextCode(secret) })).statusCode).toBe(200);
      expect((await get(coordinator, '/api/notifications')).statusCode).toBe(200);
    } finally {
      // The admin is confined too, so the setting is turned off directly.
      const off = (await enrolled('admin')).agent;
      const res = await off.inject({ method: 'PUT', url: '/api/admin/settings/second-factor-requirement', payload: { enabled: false } });
      expect(res.statusCode).toBe(200);
    }
    expect((await get(adminAgent, '/api/notifications')).statusCode).toBe(200);
  });

  it('a session owing a code reaches only what the access table allows while confined', async () => {
    const { user } = await enrolled('admin');
    const wrong: string[] = [];
    for (const route of t.app.routeRegistry.filter((r) => r.url.startsWith('/api'))) {
      const access = ACCESS_TABLE[`${route.method} ${route.url}`];
      if (!access || access.public || access.streaming) continue;
      const agent = await sessionAgent(t.app, user.id);
      const url = route.url.replace(/:[A-Za-z0-9_]+/g, () => randomUUID());
      const res = await agent.inject({
        method: route.method as 'GET',
        url,
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      const confined = res.statusCode === 403 && (res.json() as { error: { code: string } }).error.code === 'second_factor_required';
      if (confined === !!access.secondFactorPending) wrong.push(`${route.method} ${route.url} -> ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a person confined to enrollment reaches only what the access table allows', async () => {
    const admin = await sessionAgent(t.app, (await buildUser(t.ctx.db, { role: 'admin' })).id);
    const coordinator = await buildUser(t.ctx.db, { role: 'coordinator' });
    await admin.inject({ method: 'PUT', url: '/api/admin/settings/second-factor-requirement', payload: { enabled: true } });
    const wrong: string[] = [];
    try {
      for (const route of t.app.routeRegistry.filter((r) => r.url.startsWith('/api'))) {
        const access = ACCESS_TABLE[`${route.method} ${route.url}`];
        if (!access || access.public || access.streaming || !access.roles.includes('coordinator')) continue;
        const agent = await sessionAgent(t.app, coordinator.id);
        const url = route.url.replace(/:[A-Za-z0-9_]+/g, () => randomUUID());
        const res = await agent.inject({
          method: route.method as 'GET',
          url,
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        });
        const confined =
          res.statusCode === 403 && (res.json() as { error: { code: string } }).error.code === 'second_factor_enrollment_required';
        if (confined === !!access.enrollment) wrong.push(`${route.method} ${route.url} -> ${res.statusCode}`);
      }
    } finally {
      await t.ctx.db.execute(sql`delete from app_settings where key = 'requireSecondFactor'`);
      await t.app.ctx.bus.publish([{ topic: 'sessions', audience: { userIds: [coordinator.id, admin.userId] } }]);
    }
    expect(wrong).toEqual([]);
  });

  it('a code comes before a password change the person also owes', async () => {
    const { user, secret } = await enrolled();
    await t.ctx.db.execute(sql`update users set password_reset_required = true where id = ${user.id}`);
    const agent = await signIn(t.app, user.email, TEST_PASSWORD);
    expect((await post(agent, '/api/auth/password', { password: 'a-new-password-1' })).json().error.code).toBe('second_factor_required');
    expect((await post(agent, '/api/auth/second-factor', { code: nextCode(secret) })).statusCode).toBe(200);
    expect((await get(agent, '/api/notifications')).json().error.code).toBe('password_change_required');
    const changed = await post(agent, '/api/auth/password', { password: 'a-new-password-1', currentPassword: TEST_PASSWORD });
    expect(changed.statusCode).toBe(200);
  });
});
