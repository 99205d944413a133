import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../platform/db/client';

/**
 * How many INSERT statements (not rows) `fn` sends into `table`, on either database and through
 * any connection or transaction: a statement-level trigger notes each one in a counting table,
 * all three dropped afterwards. `table` is a test's constant, written into the SQL as a name.
 */
export async function countInserts(db: Executor, table: string, fn: () => Promise<unknown>): Promise<number> {
  const target = sql.identifier(table);
  const counter = sql.identifier(`${table}_insert_count`);
  await db.execute(sql`create table ${counter} (n int not null)`);
  await db.execute(sql`create function ${counter}() returns trigger language plpgsql as $$
    begin insert into ${counter} values (1); return null; end $$`);
  await db.execute(sql`create trigger ${counter} after insert on ${target} for each statement execute function ${counter}()`);
  try {
    await fn();
    const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${counter}`));
    return Number(row.n);
  } finally {
    await db.execute(sql`drop trigger ${counter} on ${target}`);
    await db.execute(sql`drop function ${counter}()`);
    await db.execute(sql`drop table ${counter}`);
  }
}
