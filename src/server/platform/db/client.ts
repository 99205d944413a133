import { fileURLToPath } from 'node:url';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import * as schema from './schema';
import { genericPlanOptions, PLANNER_SETTINGS, plannerOptions } from './planner-settings';
import { runsGenericPlansOn } from './prepared';
import { platformLog } from '../log';
import { OutageTracker } from '../outage';

/** One type for both drivers: PGlite (embedded) and node-postgres (server). Same SQL on both. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = PgTransaction<PgQueryResultHKT, typeof schema, ExtractTablesWithRelations<typeof schema>>;
export type Executor = Db | Tx;

/**
 * Independent reads, side by side where that is safe: on the pool each takes its own connection
 * and they run at once; in a transaction, whose one connection runs one statement at a time, they
 * run one after another. Sending a second statement to a busy node-postgres client is deprecated
 * (pg 8 queues it with a warning, pg 9 refuses it), so Promise.all over an Executor that may be a
 * transaction goes through here.
 */
export async function readTogether<T extends unknown[]>(db: Executor, ...reads: { [K in keyof T]: () => PromiseLike<T[K]> }): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as T;
}

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
  /**
   * Called each time the LISTEN connection is back after a loss: notices sent while it was down
   * never reached this instance, so its browsers must refetch. Returns an unsubscribe.
   */
  onListenerRestored(handler: () => void): () => void;
  /**
   * Whether notices from other instances reach this one right now (the LISTEN connection is up).
   * While it is not, what this instance caches about sessions cannot be told to go stale.
   */
  listening(): boolean;
  /** Recognises "database unreachable" errors, logs an outage once when it starts and once when it ends. */
  outage: OutageTracker;
  /** The embedded database's own client (PGlite only): its backup is PGlite's data-dir dump. */
  pglite?: import('@electric-sql/pglite').PGlite;
  /** The PostgreSQL server's URL (pg only): pg_dump connects with it for a backup. */
  url?: string;
  close(): Promise<void>;
}

/**
 * The embedded database in `dataDir`, or in memory when it is null; `options` go to PGlite as they
 * are (the API tests open each database in memory from a migrated dump, src/server/test/pglite-template.ts).
 */
export async function openPglite(dataDir: string | null, options: import('@electric-sql/pglite').PGliteOptions = {}): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const client = new PGlite({ ...options, dataDir: dataDir ?? undefined });
  await client.waitReady;
  return pgliteDatabase(client);
}

/**
 * The app's handle on an open PGlite client, migrated and with the planner settings. Closing the
 * handle hands the client to `release`, which closes it unless its opener keeps it for another
 * use (the API tests reuse theirs, src/server/test/pglite-template.ts).
 */
export async function pgliteDatabase(
  client: import('@electric-sql/pglite').PGlite,
  release: () => Promise<void> = () => client.close(),
): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const db = drizzle(client, { schema }) as unknown as Db;
  await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  // PGlite has one connection and no startup options: the same settings, set once.
  for (const [name, value] of Object.entries(PLANNER_SETTINGS)) await client.query(`set ${name} = ${value}`);
  const outage = new OutageTracker(() => client.query('select 1'));
  return {
    db,
    kind: 'pglite',
    outage,
    pglite: client,
    // In-process: there is no connection to lose.
    onListenerRestored: () => () => {},
    listening: () => true,
    async listen(channel, onMessage) {
      const unsubscribe = await client.listen(channel, onMessage);
      return async () => unsubscribe();
    },
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      outage.stop();
      await release();
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
  // A connect that hangs (server unreachable, not refusing) fails after 10 s instead of holding
  // the request forever; the error handler then answers 503.
  // A connection lives an hour at most: the named statements it prepared (decision 0040), such as
  // the runways dashboard's, whose text holds the day's dates (decision 0042), go with it.
  const poolOf = (max: number, options: string) => {
    const made = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 10_000, maxLifetimeSeconds: 60 * 60, options });
    // An idle pooled connection that loses its server emits 'error'; unhandled, that would end the
    // process. The pool drops the connection and opens a new one on the next query.
    made.on('error', () => {});
    return made;
  };
  const pool = poolOf(poolSize, plannerOptions());
  // The few reads that run on their generic plan (decision 0076) have connections of their own,
  // opened when first asked for.
  const genericPool = poolOf(Math.max(2, Math.ceil(poolSize / 4)), genericPlanOptions());
  const db = drizzle(pool, { schema }) as unknown as Db;
  runsGenericPlansOn(db, drizzle(genericPool, { schema }) as unknown as Db);
  const outage = new OutageTracker(() => pool.query('select 1'));
  const listener = listenConnection(pg, url);
  return {
    db,
    kind: 'pg',
    outage,
    url,
    listen: listener.listen,
    onListenerRestored: listener.onRestored,
    listening: listener.listening,
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      outage.stop();
      await listener.close();
      await Promise.all([pool.end(), genericPool.end()]);
    },
  };
}

type Pg = typeof import('pg').default;
type PgClient = InstanceType<Pg['Client']>;

/** Reconnect delays of the LISTEN connection: 0.5 s, doubling, at most 30 s. */
export const LISTEN_RETRY_MS = { first: 500, max: 30_000 };

/**
 * The one connection that LISTENs. It is reopened (and re-subscribed) when it drops, with backoff,
 * so realtime survives a database restart. Its loss and its return are logged; on return the
 * `onRestored` handlers run, because notices sent meanwhile were missed.
 */
function listenConnection(pg: Pg, url: string) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const restoredHandlers = new Set<() => void>();
  const quoted = (channel: string) => `"${channel.replace(/"/g, '')}"`;
  let listener: PgClient | null = null;
  let connecting: Promise<PgClient> | null = null;
  let closed = false;
  let lost: { at: number; attempts: number } | null = null;
  let retryTimer: NodeJS.Timeout | null = null;

  const retry = (delay: number) => {
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (closed || !lost) return;
      lost.attempts++;
      // Joins a connect already under way (a listen() call during the loss) instead of racing it.
      ensureListener().catch(() => retry(Math.min(delay * 2, LISTEN_RETRY_MS.max)));
    }, delay);
    retryTimer.unref();
  };
  const restored = () => {
    if (!lost) return;
    platformLog().info({ downMs: Date.now() - lost.at, attempts: lost.attempts }, 'realtime LISTEN connection restored');
    lost = null;
    for (const h of [...restoredHandlers]) h();
  };
  const reconnectLater = (dead: PgClient, err?: Error) => {
    if (closed || listener !== dead) return;
    listener = null;
    dead.end().catch(() => {});
    lost = { at: Date.now(), attempts: 0 };
    platformLog().warn(
      { err: err ? { message: err.message, code: (err as { code?: string }).code } : undefined },
      'realtime LISTEN connection lost; reconnecting (events meanwhile reach this instance late, as a refetch)',
    );
    retry(LISTEN_RETRY_MS.first);
  };
  const ensureListener = async () => {
    if (listener) return listener;
    connecting ??= (async () => {
      const client = new pg.Client({ connectionString: url });
      client.on('notification', (msg) => {
        for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
      });
      client.on('error', (err) => reconnectLater(client, err));
      client.on('end', () => reconnectLater(client));
      try {
        await client.connect();
        for (const channel of handlers.keys()) await client.query(`listen ${quoted(channel)}`);
      } catch (err) {
        await client.end().catch(() => {});
        throw err;
      }
      listener = client;
      restored();
      return client;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  return {
    async listen(channel: string, onMessage: (payload: string) => void) {
      const isNew = !handlers.has(channel);
      if (isNew) handlers.set(channel, new Set());
      handlers.get(channel)!.add(onMessage);
      const client = await ensureListener();
      if (isNew) await client.query(`listen ${quoted(channel)}`);
      return async () => {
        handlers.get(channel)?.delete(onMessage);
      };
    },
    listening: () => listener !== null && !closed,
    onRestored(handler: () => void) {
      restoredHandlers.add(handler);
      return () => void restoredHandlers.delete(handler);
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const client = listener;
      listener = null;
      await client?.end().catch(() => {});
    },
  };
}
