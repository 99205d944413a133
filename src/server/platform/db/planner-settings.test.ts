import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, type TestApp } from '../../test/harness';
import { rowsOf } from './client';
import { genericPlanOptions, PLANNER_SETTINGS, plannerOptions } from './planner-settings';

describe('planner settings (decision 0039)', () => {
  it('are written as startup options', () => {
    expect(plannerOptions()).toBe('-c enable_memoize=off -c jit=off');
  });

  it('are kept on the connections that run generic plans (decision 0076)', () => {
    expect(genericPlanOptions()).toBe('-c enable_memoize=off -c jit=off -c plan_cache_mode=force_generic_plan');
  });
});

describe.each(BACKENDS)('planner settings on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  it('hold on every connection the app reads through, inside transactions too', async () => {
    const query = sql`select current_setting('enable_memoize') as enable_memoize, current_setting('jit') as jit`;
    const read = async () => rowsOf<Record<string, string>>(await t.ctx.db.execute(query))[0];
    // Several at once: on PostgreSQL the pool opens more than one connection to answer them.
    const settings = await Promise.all(Array.from({ length: 4 }, read));
    const inTransaction = await t.ctx.db.transaction(async (tx) => rowsOf<Record<string, string>>(await tx.execute(query))[0]);
    expect([...settings, inTransaction]).toEqual(Array(5).fill(PLANNER_SETTINGS));
  });
});
