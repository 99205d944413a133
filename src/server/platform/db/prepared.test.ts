import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BACKENDS, createTestApp, type TestApp } from '../../test/harness';
import { rowsOf, type Executor } from './client';
import { executeGeneric, executeNamed, keptByKey, prepared, statementName } from './prepared';

describe('prepared', () => {
  it('builds a named statement once per database handle and hands back the same one after', () => {
    const one = {} as Executor;
    const other = {} as Executor;
    const build = vi.fn((db: Executor) => ({ db }));
    const first = prepared(one, 'bell', build);
    expect(prepared(one, 'bell', build)).toBe(first);
    expect(build).toHaveBeenCalledTimes(1);
    expect(prepared(other, 'bell', build)).not.toBe(first);
    expect(prepared(one, 'latest', build)).not.toBe(first);
    expect(build).toHaveBeenCalledTimes(3);
  });
});

describe('keptByKey', () => {
  it('builds once per key, keeps the last few and builds a key again once it was dropped', () => {
    const build = vi.fn((day: { date: string }) => ({ text: `select '${day.date}'` }));
    const byDay = keptByKey(2, (day: { date: string }) => day.date, build);
    const first = byDay({ date: '2026-11-26' });
    expect(byDay({ date: '2026-11-26' })).toBe(first);
    expect(build).toHaveBeenCalledTimes(1);
    byDay({ date: '2026-11-27' });
    byDay({ date: '2026-11-28' }); // the oldest, the 26th, goes
    expect(build).toHaveBeenCalledTimes(3);
    byDay({ date: '2026-11-28' });
    byDay({ date: '2026-11-27' });
    expect(build).toHaveBeenCalledTimes(3);
    expect(byDay({ date: '2026-11-26' })).not.toBe(first);
    expect(build).toHaveBeenCalledTimes(4);
  });
});

describe('statementName', () => {
  it('names a text the same way every time, another text otherwise, within PostgreSQL 63-byte names', () => {
    const a = statementName('select 1 where $1::int > 0');
    expect(statementName('select 1 where $1::int > 0')).toBe(a);
    expect(statementName('select 2 where $1::int > 0')).not.toBe(a);
    expect(a).toMatch(/^ls_[0-9a-f]{32}$/);
  });
});

describe.each(BACKENDS)('executeNamed on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const query = (n: number) => sql`select ${n}::int + 1 as next, ${'x'}::text as tag`;

  it('answers as db.execute does, the values bound anew on each call of the same text', async () => {
    const first = rowsOf<{ next: number; tag: string }>(await executeNamed(t.ctx.db, query(1)));
    const again = rowsOf<{ next: number; tag: string }>(await executeNamed(t.ctx.db, query(41)));
    expect(first).toEqual(rowsOf(await t.ctx.db.execute(query(1))));
    expect([first[0].next, again[0].next]).toEqual([2, 42]);
  });

  it.runIf(backend === 'pg')('is prepared once on the connection under the name of its text', async () => {
    const text = (t.ctx.db as unknown as { dialect: { sqlToQuery(q: unknown): { sql: string } } }).dialect.sqlToQuery(query(1)).sql;
    const prepared = await t.ctx.db.transaction(async (tx) => {
      await executeNamed(tx, query(1));
      await executeNamed(tx, query(2));
      return rowsOf<{ name: string; statement: string }>(
        await tx.execute(sql`select name, statement from pg_prepared_statements where name = ${statementName(text)}`),
      );
    });
    expect(prepared).toEqual([{ name: statementName(text), statement: text }]);
  });
});

describe.each(BACKENDS)('executeGeneric on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const planMode = sql`select current_setting('plan_cache_mode') as mode, ${'x'}::text as tag`;
  const modeOf = async (result: Promise<unknown>) => rowsOf<{ mode: string; tag: string }>(await result)[0];

  it('answers as db.execute does, on a connection that runs generic plans on PostgreSQL only', async () => {
    // Several at once: on PostgreSQL its pool opens more than one connection to answer them.
    const generic = await Promise.all(Array.from({ length: 3 }, () => modeOf(executeGeneric(t.ctx.db, planMode))));
    const named = await modeOf(executeNamed(t.ctx.db, planMode));
    expect(generic).toEqual(Array(3).fill({ mode: backend === 'pg' ? 'force_generic_plan' : 'auto', tag: 'x' }));
    expect(named).toEqual({ mode: 'auto', tag: 'x' });
  });

  it('stays on the transaction it is called in, and sees its rows', async () => {
    const seen = await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table generic_probe (n int) on commit drop`);
      await tx.execute(sql`insert into generic_probe values (7)`);
      return rowsOf<{ mode: string; n: number }>(
        await executeGeneric(tx, sql`select current_setting('plan_cache_mode') as mode, (select n from generic_probe) as n`),
      )[0];
    });
    expect(seen).toEqual({ mode: 'auto', n: 7 });
  });
});
