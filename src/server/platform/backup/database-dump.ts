import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';

const run = promisify(execFile);

/** A backup or restore the operator must act on: the CLI prints the message alone. */
export class BackupError extends Error {}

/** Rows per table ('schema.table'), counted inside the dump's own snapshot. */
export type TableCounts = Record<string, number>;

type Query = (text: string) => Promise<Array<Record<string, unknown>>>;

const TABLES_SQL = `
  select n.nspname as schema, c.relname as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and not c.relispartition and n.nspname in ('public', 'drizzle')
  order by 1, 2`;

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Every table of the app (schema public) and of drizzle's migration journal: its 'schema.table' name and its quoted one for SQL. */
export async function appTables(query: Query): Promise<Array<{ name: string; quoted: string }>> {
  return (await query(TABLES_SQL)).map((t) => ({
    name: `${String(t.schema)}.${String(t.name)}`,
    quoted: `${quoteIdent(String(t.schema))}.${quoteIdent(String(t.name))}`,
  }));
}

/** Every table of the app and of drizzle's migration journal, with its row count. */
export async function countTables(query: Query): Promise<TableCounts> {
  const counts: TableCounts = {};
  for (const table of await appTables(query)) {
    const [row] = await query(`select count(*)::int as n from ${table.quoted}`);
    counts[table.name] = Number(row.n);
  }
  return counts;
}

/** Rows in the app's tables (not the migration journal): what "empty" and "replaces" speak of. */
export const appRows = (counts: TableCounts): number =>
  Object.entries(counts).reduce((sum, [table, n]) => (table.startsWith('public.') ? sum + n : sum), 0);

// ---------------------------------------------------------------- the embedded database (PGlite)

/**
 * PGlite's own dump of its data directory (an uncompressed tarball; the archive compresses it),
 * taken while no transaction of the app is open: PGlite has one connection, and holding its
 * transaction turn for the copy means the dump is one committed state. Readers wait for the copy
 * only (a memory copy of the data directory, not the compression or the file writes).
 */
export async function dumpPglite(client: PGlite, dest: string): Promise<TableCounts> {
  const { counts, tarball } = await client.transaction(async (tx) => {
    const counts = await countTables(async (text) => (await tx.query<Record<string, unknown>>(text)).rows);
    await tx.query('checkpoint');
    // The copy takes PGlite's query turn only; the transaction's turn, held here, keeps every
    // other transaction and statement of the app out until it is done.
    return { counts, tarball: await client.dumpDataDir('none') };
  });
  await fs.writeFile(dest, Buffer.from(await tarball.arrayBuffer()));
  return counts;
}

/**
 * The shared buffers of a database the CLI's commands open: they read each table once and close,
 * and PGlite zeroes all of its buffers at every start, so PostgreSQL's default of 128 MB would
 * cost each open more than the pages it reads.
 */
const ONE_PASS_SHARED_BUFFERS = '16MB';

/** Opens an embedded database without migrating it (the CLI's commands look, they do not change). */
export async function openRawPglite(dir: string, loadDataDir?: Blob): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  const client = new PGlite(dir, {
    ...(loadDataDir ? { loadDataDir } : {}),
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${ONE_PASS_SHARED_BUFFERS}`],
  });
  await client.waitReady;
  return client;
}

export async function pgliteCounts(client: PGlite): Promise<TableCounts> {
  return countTables(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
}

/** Unpacks a PGlite dump into `dir` (which must not exist or be empty) and answers its counts. */
export async function loadPglite(dump: string, dir: string): Promise<TableCounts> {
  const client = await openRawPglite(dir, new Blob([await fs.readFile(dump)]));
  try {
    return await pgliteCounts(client);
  } finally {
    await client.close();
  }
}

// ---------------------------------------------------------------- PostgreSQL

/** libpq's connection for pg_dump and pg_restore: the URL without its password, which goes in PGPASSWORD. */
function libpq(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** The major version of a PostgreSQL client tool, or null when it is not installed. */
export async function toolMajor(tool: 'pg_dump' | 'pg_restore'): Promise<{ major: number; version: string } | null> {
  try {
    const { stdout } = await run(tool, ['--version']);
    const version = stdout.trim();
    const m = /(\d+)(?:\.(\d+))?/.exec(version);
    return m ? { major: Number(m[1]), version } : null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

async function pgClient(url: string) {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

export interface PostgresDump {
  counts: TableCounts;
  serverVersion: string;
  tool: string;
  toolMajor: number;
}

/**
 * pg_dump in its custom format from a snapshot this function exports: the counts and the dump
 * read the same committed state, under REPEATABLE READ, and pg_dump takes only ACCESS SHARE locks
 * (they stop a schema change, never a reader or a writer). pg_dump must be at least the server's
 * major version (it refuses an older one itself); without it the backup is refused with what to
 * install, rather than made some weaker way (decision 0054).
 */
export async function dumpPostgres(url: string, dest: string): Promise<PostgresDump> {
  const tool = await toolMajor('pg_dump');
  const client = await pgClient(url);
  try {
    const serverVersion = String((await client.query('show server_version')).rows[0].server_version);
    const serverMajor = Math.floor(Number((await client.query('show server_version_num')).rows[0].server_version_num) / 10000);
    if (!tool) {
      throw new BackupError(
        `pg_dump was not found. Backups of PostgreSQL use the server's own tools: install the PostgreSQL ${serverMajor} client tools (on Debian or Ubuntu: apt-get install postgresql-client-${serverMajor}) and try again.`,
      );
    }
    if (tool.major < serverMajor) {
      throw new BackupError(
        `pg_dump ${tool.major} cannot dump a PostgreSQL ${serverMajor} server (${serverVersion}). Install the PostgreSQL ${serverMajor} client tools (postgresql-client-${serverMajor}) or newer and try again.`,
      );
    }
    await client.query('begin isolation level repeatable read read only');
    const snapshot = String((await client.query('select pg_export_snapshot() as s')).rows[0].s);
    const counts = await countTables(async (text) => (await client.query(text)).rows as Array<Record<string, unknown>>);
    const { dbname, env } = libpq(url);
    try {
      await run(
        'pg_dump',
        ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, `--file=${dest}`, `--dbname=${dbname}`],
        {
          env,
          maxBuffer: 16 * 1024 * 1024,
        },
      );
    } catch (err) {
      throw new BackupError(`pg_dump failed: ${((err as { stderr?: string }).stderr ?? (err as Error).message).trim()}`);
    }
    await client.query('commit');
    return { counts, serverVersion, tool: tool.version, toolMajor: tool.major };
  } finally {
    await client.end();
  }
}

export async function postgresCounts(url: string): Promise<TableCounts> {
  const client = await pgClient(url);
  try {
    return await countTables(async (text) => (await client.query(text)).rows as Array<Record<string, unknown>>);
  } finally {
    await client.end();
  }
}

/**
 * Empties the database (the app's schema and drizzle's journal) and runs pg_restore into it, then
 * answers the restored counts. pg_restore must be at least as new as the pg_dump that made the
 * archive; that is checked first, so nothing is dropped for a restore that cannot run.
 */
export async function restorePostgres(url: string, dump: string, dumpedWithMajor: number): Promise<TableCounts> {
  const tool = await toolMajor('pg_restore');
  if (!tool) {
    throw new BackupError(
      `pg_restore was not found. Install the PostgreSQL ${dumpedWithMajor} client tools or newer (on Debian or Ubuntu: apt-get install postgresql-client-${dumpedWithMajor}) and try again.`,
    );
  }
  if (tool.major < dumpedWithMajor) {
    throw new BackupError(
      `This backup was made by pg_dump ${dumpedWithMajor}; pg_restore ${tool.major} cannot read it. Install the PostgreSQL ${dumpedWithMajor} client tools or newer and try again.`,
    );
  }
  const client = await pgClient(url);
  try {
    await client.query('begin');
    await client.query('drop schema if exists drizzle cascade');
    await client.query('drop schema if exists public cascade');
    await client.query('create schema public');
    await client.query('commit');
  } finally {
    await client.end();
  }
  const { dbname, env } = libpq(url);
  try {
    await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, dump], {
      env,
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (err) {
    throw new BackupError(`pg_restore failed: ${((err as { stderr?: string }).stderr ?? (err as Error).message).trim()}`);
  }
  return postgresCounts(url);
}
