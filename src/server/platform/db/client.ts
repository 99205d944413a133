import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import * as schema from './schema';

/** One type for both drivers: PGlite (embedded) and node-postgres (server). Same SQL on both. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = PgTransaction<PgQueryResultHKT, typeof schema, ExtractTablesWithRelations<typeof schema>>;
export type Executor = Db | Tx;

/** Rows of a raw `db.execute(sql...)`: both drivers answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../../migrations', import.meta.url));

export interface Database {
  db: Db;
  kind: 'pglite' | 'pg';
  /** Cross-instance notification channel: PostgreSQL LISTEN/NOTIFY, or in-process on PGlite. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

export async function openPglite(dataDir: string | null): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Db;
  await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db,
    kind: 'pglite',
    async listen(channel, onMessage) {
      const unsubscribe = await client.listen(channel, onMessage);
      return async () => unsubscribe();
    },
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      await client.close();
    },
  };
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pg = (await import('pg')).default;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // Migrate on one connection under an advisory lock so several instances can start at once.
  const migrator = new pg.Client({ connectionString: url });
  await migrator.connect();
  try {
    await migrator.query('select pg_advisory_lock(727274)');
    await migrate(drizzle(migrator, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await migrator.query('select pg_advisory_unlock(727274)').catch(() => {});
    await migrator.end();
  }
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const db = drizzle(pool, { schema }) as unknown as Db;
  let listener: InstanceType<typeof pg.Client> | null = null;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  return {
    db,
    kind: 'pg',
    async listen(channel, onMessage) {
      if (!listener) {
        listener = new pg.Client({ connectionString: url });
        await listener.connect();
        listener.on('notification', (msg) => {
          for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
        });
      }
      if (!handlers.has(channel)) {
        handlers.set(channel, new Set());
        await listener.query(`listen "${channel.replace(/"/g, '')}"`);
      }
      handlers.get(channel)!.add(onMessage);
      return async () => {
        handlers.get(channel)?.delete(onMessage);
      };
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}
