import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../platform/db/schema';
import { sessionAgent } from '../../test/agent';
import { buildUser } from '../../test/factories';
import { BACKENDS, createTestApp, type TestApp } from '../../test/harness';

/** The person's own name from the account page. */
describe.each(BACKENDS)('account name on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => t.close());

  it('changes only their own name, trimmed, and the session says the new name at once', async () => {
    const me = await buildUser(t.ctx.db, { fullName: 'Ruth Old' });
    const other = await buildUser(t.ctx.db, { fullName: 'Someone Else' });
    const agent = await sessionAgent(t.app, me.id);
    // Read once so the session is cached: the change must reach the cached copy too.
    expect((await agent.inject({ method: 'GET', url: '/api/auth/session' })).json().user.fullName).toBe('Ruth Old');
    const res = await agent.inject({ method: 'PUT', url: '/api/account/name', payload: { fullName: '  Ruth New  ' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: me.id, fullName: 'Ruth New' });
    expect((await agent.inject({ method: 'GET', url: '/api/auth/session' })).json().user.fullName).toBe('Ruth New');
    const [row] = await t.ctx.db.select({ fullName: users.fullName }).from(users).where(eq(users.id, other.id));
    expect(row.fullName).toBe('Someone Else');
  });

  it("refuses an empty name with the admin form's message", async () => {
    const me = await buildUser(t.ctx.db, { fullName: 'Kept Name' });
    const agent = await sessionAgent(t.app, me.id);
    const res = await agent.inject({ method: 'PUT', url: '/api/account/name', payload: { fullName: '   ' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Full name is required.');
    const [row] = await t.ctx.db.select({ fullName: users.fullName }).from(users).where(eq(users.id, me.id));
    expect(row.fullName).toBe('Kept Name');
  });
});
