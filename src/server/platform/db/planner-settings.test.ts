import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, type TestApp } from '../../test/harness';
import { rowsOf } from './client';
import { PLANNER_SETTINGS, plannerOptions } from './planner-settings';

describe('planner settings (decision 0039)', () => {
  it('are written as startup options', () => {
    expect(plannerOptions()).toBe('-c enable_memoize=off');
  });
});

describe.each(BACKENDS)('planner settings on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  it('hold on every connection the app reads through, inside transactions too', async () => {
    const read = async () =>
      rowsOf<{ setting: string }>(await t.ctx.db.execute(sql`select current_setting('enable_memoize') as setting`))[0].setting;
    // Several at once: on PostgreSQL the pool opens more than one connection to answer them.
    const settings = await Promise.all(Array.from({ length: 4 }, read));
    const inTransaction = await t.ctx.db.transaction(
      async (tx) => rowsOf<{ setting: string }>(await tx.execute(sql`select current_setting('enable_memoize') as setting`))[0].setting,
    );
    expect([...settings, inTransaction]).toEqual(Array(5).fill(PLANNER_SETTINGS.enable_memoize));
  });
});
