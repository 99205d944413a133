import { randomBytes } from 'node:crypto';
import { openPostgres } from '../platform/db/client';
import { emptyDatabase, readBaseline, type Baseline, type EmptyingSession } from './database-emptying';

/**
 * A fresh PostgreSQL database costs a second or two of migrations. The global setup migrates one
 * template database per `vitest run`; a test's database is made from it with
 * `create database ... template` (the server copies it: most of a second of its CPU), and the
 * migrator then finds nothing to do. PostgreSQL allows many such copies at once while nobody is
 * connected to the template.
 *
 * A worker keeps the database a test app closed and empties it for the next one instead
 * (`recyclePgDatabase`, database-emptying.ts). A copy's name starts with the template's, so
 * removing the template removes the copies the workers kept, and any a failed test left behind.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PostgreSQL database to copy, made by src/test-global-setup.ts ('' without DATABASE_URL). */
    pgTemplate: string;
  }
}

/** The server's URL with another database name. */
export function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One connection to the database at `url` for `fn`. */
export async function withClient<T>(url: string, fn: (client: import('pg').Client) => Promise<T>): Promise<T> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Runs one statement as the server's administrator (the base URL's own database). */
export async function onServer(baseUrl: string, statement: string): Promise<void> {
  await withClient(baseUrl, (admin) => admin.query(statement));
}

export async function makePgTemplate(baseUrl: string): Promise<{ name: string; remove: () => Promise<void> }> {
  const name = `lampstand_template_${randomBytes(6).toString('hex')}`;
  await onServer(baseUrl, `create database ${name}`);
  const database = await openPostgres(databaseUrl(baseUrl, name), 1);
  await database.close();
  return { name, remove: () => removeWithCopies(baseUrl, name) };
}

async function removeWithCopies(baseUrl: string, template: string): Promise<void> {
  await withClient(baseUrl, async (admin) => {
    const copies = await admin.query<{ name: string }>(`select datname as name from pg_database where datname like $1`, [
      `${template}\\_%`,
    ]);
    for (const { name } of copies.rows) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`drop database if exists ${template} with (force)`);
  });
}

export interface PgTestDatabase {
  url: string;
  /** The template it is a copy of. */
  template: string;
  drop: () => Promise<void>;
}

let baseline: Promise<Baseline> | null = null;
/** The emptied database waiting for the next test app: one is enough for a worker's one file at a time. */
let spare: PgTestDatabase | null = null;

/** A fresh migrated database: an emptied one this worker kept, or a new copy of the run's template. */
export async function freshPgDatabase(baseUrl: string, template: string): Promise<PgTestDatabase> {
  if (spare?.template === template) {
    const kept = spare;
    spare = null;
    return kept;
  }
  const { url, drop } = await copyOfTemplate(baseUrl, template);
  if (baseline === null || (await baseline).template !== template) baseline = withSession(url, (s) => readBaseline(s, template));
  await baseline;
  return { url, template, drop };
}

/**
 * A new database copied from the template by the server, named after it (so removing the template
 * removes it too, `removeWithCopies`), and how to drop it.
 */
export async function copyOfTemplate(baseUrl: string, template: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${template}_${randomBytes(6).toString('hex')}`;
  await onServer(baseUrl, `create database ${name} template ${template}`);
  return { url: databaseUrl(baseUrl, name), drop: () => onServer(baseUrl, `drop database if exists ${name} with (force)`) };
}

/**
 * Empties a database a test app has closed and keeps it for the next, or drops it: one that
 * another connection still uses (a test's own client, a connection a closed pool has not ended
 * yet) is dropped, since emptying would wait for its locks or leave it something to write.
 */
export async function recyclePgDatabase(database: PgTestDatabase): Promise<void> {
  try {
    if (spare === null && (await withSession(database.url, async (s) => (await aloneIn(s)) && emptyDatabase(s, await baseline!)))) {
      spare = database;
      return;
    }
  } catch {
    // A database left in a state it cannot be emptied from is not reused.
  }
  await database.drop();
}

/** Whether this session is the database's only one, given a moment for a closed pool's connections to end. */
async function aloneIn(session: EmptyingSession): Promise<boolean> {
  const others = `select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`;
  for (let tries = 0; tries < 80; tries++) {
    if ((await session.rows<{ n: number }>(others))[0].n === 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

/** One connection to the database for `fn`, as an emptying session. */
function withSession<T>(url: string, fn: (session: EmptyingSession) => Promise<T>): Promise<T> {
  return withClient(url, (client) => {
    const session: EmptyingSession = {
      rows: async <R>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as R[],
      exec: async (text) => {
        await client.query(text);
      },
      transaction: async (body) => {
        await client.query('begin');
        try {
          await body(session);
          await client.query('commit');
        } catch (err) {
          await client.query('rollback');
          throw err;
        }
      },
    };
    return fn(session);
  });
}
