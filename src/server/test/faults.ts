import { sql } from 'drizzle-orm';
import type { Executor } from '../platform/db/client';

/**
 * Runs `work` while a table is renamed away, so every query naming it fails with a real database
 * error (42P01, undefined table): a fault that is not a missing row. The name is put back after.
 */
export async function withTableGone<T>(db: Executor, table: string, work: () => Promise<T>): Promise<T> {
  const away = `${table}_gone_for_test`;
  await db.execute(sql.raw(`alter table "${table}" rename to "${away}"`));
  try {
    return await work();
  } finally {
    await db.execute(sql.raw(`alter table "${away}" rename to "${table}"`));
  }
}

/**
 * Runs `work` while the database refuses inserts into a table (a trigger that raises), so a use
 * case fails at that write as it would on a real fault, inside its own transaction: every write
 * before it must roll back. `when` limits the refusal to rows matching a condition on `new`.
 * The trigger and its function are dropped after, leaving the schema as it was.
 */
export async function withInsertsRefused<T>(db: Executor, table: string, work: () => Promise<T>, opts: { when?: string } = {}): Promise<T> {
  const name = `lampstand_test_refuse_${table}`;
  const refusal = `raise exception 'inserts into ${table} refused for the test'`;
  await db.execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$
      begin ${opts.when ? `if ${opts.when} then ${refusal}; end if` : refusal}; return new; end $$`),
  );
  await db.execute(sql.raw(`create trigger ${name} before insert on "${table}" for each row execute function ${name}()`));
  try {
    return await work();
  } finally {
    await db.execute(sql.raw(`drop trigger ${name} on "${table}"`));
    await db.execute(sql.raw(`drop function ${name}()`));
  }
}
