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
  // An idle pooled connection that loses its server emits 'error'; unhandled, that would end the
  // process. The pool drops the connection and opens a new one on the next query.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema }) as unknown as Db;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const quoted = (channel: string) => `"${channel.replace(/"/g, '')}"`;
  let listener: InstanceType<typeof pg.Client> | null = null;
  let connecting: Promise<InstanceType<typeof pg.Client>> | null = null;
  let closed = false;

  // The LISTEN connection is reopened (and re-subscribed) if it drops, so realtime survives a
  // database restart; events published while it is down are missed, and browsers refetch anyway.
  const reconnectLater = (dead: InstanceType<typeof pg.Client>) => {
    if (closed || listener !== dead) return;
    listener = null;
    dead.end().catch(() => {});
    const retry = () => {
      if (closed || listener || connecting) return;
      ensureListener().catch(() => setTimeout(retry, 2000).unref());
    };
    setTimeout(retry, 1000).unref();
  };
  const ensureListener = async () => {
    if (listener) return listener;
    connecting ??= (async () => {
      const client = new pg.Client({ connectionString: url });
      client.on('notification', (msg) => {
        for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
      });
      client.on('error', () => reconnectLater(client));
      client.on('end', () => reconnectLater(client));
      try {
        await client.connect();
        for (const channel of handlers.keys()) await client.query(`listen ${quoted(channel)}`);
      } catch (err) {
        await client.end().catch(() => {});
        throw err;
      }
      listener = client;
      return client;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  return {
    db,
    kind: 'pg',
    async listen(channel, onMessage) {
      const isNew = !handlers.has(channel);
      if (isNew) handlers.set(channel, new Set());
      handlers.get(channel)!.add(onMessage);
      const client = await ensureListener();
      if (isNew) await client.query(`listen ${quoted(channel)}`);
      return async () => {
        handlers.get(channel)?.delete(onMessage);
      };
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      closed = true;
      const client = listener;
      listener = null;
      await client?.end().catch(() => {});
      await pool.end();
    },
  };
}
