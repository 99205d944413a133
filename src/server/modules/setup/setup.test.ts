import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SETUP_MESSAGES, type SetupChecklist } from '../../../shared/api/setup';
import { rowsOf } from '../../platform/db/client';
import { sessionAgent } from '../../test/agent';
import { buildMinistry, buildUser } from '../../test/factories';
import { BACKENDS, createTestApp, type Agent, type TestApp } from '../../test/harness';

const statusOf = (checklist: SetupChecklist) => Object.fromEntries(checklist.steps.map((s) => [s.key, s.status]));

describe.each(BACKENDS)('the first-run setup checklist on %s', (backend) => {
  let t: TestApp;
  let admin: Agent;

  beforeAll(async () => {
    // A new church: general configuration, no demo data, one admin.
    t = await createTestApp(backend, { churchConfig: 'general' });
    admin = await sessionAgent(t.app, (await buildUser(t.ctx.db, { role: 'admin' })).id);
  });
  afterAll(async () => t.close());
  // Tests run in any order: each starts with no marks. Only the first test adds the church's data.
  beforeEach(async () => {
    await t.ctx.db.execute(sql`delete from app_settings where key = 'setupChecklist'`);
  });

  const read = async () => {
    const res = await admin.inject({ method: 'GET', url: '/api/admin/setup' });
    expect(res.statusCode).toBe(200);
    return res.json<SetupChecklist>();
  };
  const mark = (key: string, status: string) => admin.inject({ method: 'PUT', url: `/api/admin/setup/steps/${key}`, payload: { status } });

  it('a new church starts with every step to do, and each step ticks itself when the church has what it asks', async () => {
    const fresh = await read();
    expect(fresh.open).toBe(8);
    expect(Object.values(statusOf(fresh)).every((s) => s === 'open')).toBe(true);
    expect(fresh.steps.filter((s) => s.markable).map((s) => s.key)).toEqual(['tiers', 'lock']);

    await t.ctx.db.execute(sql`update church_settings set church_name = 'Grace Chapel', contact_email = 'office@grace.example'`);
    await buildMinistry(t.ctx.db, { name: 'Youth' });
    await buildUser(t.ctx.db, { role: 'coordinator' });
    await t.ctx.db.execute(sql`insert into landing_page_content (section, content) values ('hero_title', 'Welcome')`);
    const [runway] = rowsOf<{ id: string }>(
      await t.ctx.db.execute(sql`insert into runways (code, name, order_index) values ('media', 'Media', 0) returning id`),
    );
    // A runway without a task is not yet a runway the Sundays can use.
    expect(statusOf(await read()).runways).toBe('open');
    await t.ctx.db.execute(sql`insert into runway_items (runway_id, title) values (${runway.id}, 'Walk-in loop')`);

    const after = statusOf(await read());
    expect(after).toMatchObject({ church: 'done', ministries: 'done', team: 'done', landing: 'done', runways: 'done' });
    // No SMTP_URL in the test app: e-mail delivery is still to do.
    expect(after.email).toBe('open');
  });

  it('a review step is marked done by the admin; a step the data shows cannot be, and says why; any step can be dismissed and brought back', async () => {
    const done = await mark('tiers', 'done');
    expect(done.statusCode).toBe(200);
    expect(statusOf(done.json<SetupChecklist>()).tiers).toBe('done');

    const refused = await mark('email', 'done');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(SETUP_MESSAGES.notMarkable);
    expect(statusOf(await read()).email).toBe('open');

    expect(statusOf((await mark('email', 'dismissed')).json<SetupChecklist>()).email).toBe('dismissed');
    expect(statusOf((await mark('email', 'open')).json<SetupChecklist>()).email).toBe('open');
    expect(statusOf((await mark('tiers', 'open')).json<SetupChecklist>()).tiers).toBe('open');
  });

  it('is finished when every step is done or dismissed', async () => {
    for (const key of ['tiers', 'lock']) expect((await mark(key, 'done')).statusCode).toBe(200);
    const open = (await read()).steps.filter((s) => s.status === 'open');
    expect(open.length).toBeGreaterThan(0);
    for (const step of open.slice(1)) expect((await mark(step.key, 'dismissed')).statusCode).toBe(200);
    expect((await read()).open).toBe(1);
    expect((await mark(open[0].key, 'dismissed')).json<SetupChecklist>().open).toBe(0);
  });

  it('refuses an unknown step and a bad status, changing nothing', async () => {
    const before = await read();
    expect((await mark('payroll', 'done')).statusCode).toBe(400);
    expect((await mark('tiers', 'finished')).statusCode).toBe(400);
    expect(await read()).toEqual(before);
  });
});
