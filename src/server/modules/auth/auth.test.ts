import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, signIn, type TestApp } from '../../test/harness';
import { buildUser, TEST_PASSWORD } from '../../test/factories';

describe.each(BACKENDS)('auth on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => t.close());

  it('signs in, reads the session, and signs out', async () => {
    const user = await buildUser(t.ctx.db, { role: 'creative' });
    const agent = await signIn(t.app, user.email, TEST_PASSWORD);
    const session = await agent.inject({ method: 'GET', url: '/api/auth/session' });
    expect(session.json().user.role).toBe('creative');
    const out = await agent.inject({ method: 'POST', url: '/api/auth/sign-out', payload: { scope: 'local' } });
    expect(out.statusCode).toBe(204);
    const after = await agent.inject({ method: 'GET', url: '/api/auth/session' });
    expect(after.json().user).toBeNull();
  });

  it('refuses a deactivated profile with the spec message', async () => {
    const user = await buildUser(t.ctx.db, { active: false });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: user.email, password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Your account has been deactivated.');
  });
});
