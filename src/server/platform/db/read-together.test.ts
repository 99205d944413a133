import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, ON_POSTGRES, type TestApp } from '../../test/harness';
import { takeBusySends } from '../../test/busy-client-guard';
import { readTogether, rowsOf, type Executor } from './client';

/** A read that takes a little while, so reads sent together would overlap on one connection. */
const slowValue = (db: Executor, value: number) => async () =>
  rowsOf<{ v: number }>(await db.execute(sql`select ${value}::int as v from pg_sleep(0.02)`))[0].v;

describe.each(BACKENDS)('readTogether on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  it('answers each read in the order asked, on the pool', async () => {
    expect(await readTogether(t.ctx.db, slowValue(t.ctx.db, 1), slowValue(t.ctx.db, 2), slowValue(t.ctx.db, 3))).toEqual([1, 2, 3]);
  });

  it('answers each read in the order asked inside a transaction, one statement at a time', async () => {
    const values = await t.ctx.db.transaction((tx) => readTogether(tx, slowValue(tx, 1), slowValue(tx, 2), slowValue(tx, 3)));
    expect(values).toEqual([1, 2, 3]);
  });

  it.skipIf(backend !== 'pg' || !ON_POSTGRES)(
    'is needed: reads sent together on a transaction reach a busy connection, which the API tests report',
    async () => {
      takeBusySends();
      await t.ctx.db.transaction((tx) => readTogether(tx, slowValue(tx, 1), slowValue(tx, 2)));
      expect(takeBusySends()).toEqual([]);
      await t.ctx.db.transaction(async (tx) => Promise.all([slowValue(tx, 1)(), slowValue(tx, 2)()]));
      expect(takeBusySends()).toEqual(['select $1::int as v from pg_sleep(0.02)']);
    },
  );
});
