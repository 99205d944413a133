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
