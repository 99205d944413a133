import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { appTables } from '../platform/backup/database-dump';
import { openPglite } from '../platform/db/client';

/**
 * A fresh embedded database costs seconds: PGlite's initdb runs in WebAssembly, then every
 * migration. The global setup does that once per `vitest run` and keeps the migrated database as a
 * dump (PGlite's own data-directory tarball). Each API test's database is a copy of it in memory,
 * with no data directory to copy onto the disk and remove again, on WebAssembly compiled once per
 * worker.
 *
 * Opening that copy still takes most of a second of a core (unpacking the dump and PGlite's own
 * files into its memory file system, then starting the server), so a worker keeps a database a
 * test app has closed and empties it for the next one instead (`freshPglite`, `recyclePglite`):
 * the tables the test wrote are truncated and the rows the migrations made are put back, which is
 * a tenth of the cost. A database whose schema a test changed (a trigger that fails, a renamed
 * table) or that a test closed or broke is closed, never reused.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite database's dump to open, made by src/test-global-setup.ts. */
    pgliteTemplate: string;
  }
}

export async function makePgliteTemplate(): Promise<{ file: string; remove: () => void }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-pglite-template-'));
  const database = await openPglite(path.join(root, 'db'));
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const file = path.join(root, 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return { file, remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}

let loaded: { file: string; options: Promise<PGliteOptions> } | null = null;

/** PGlite options that open a copy of the template in memory (read and compiled once per worker). */
function fromPgliteTemplate(file: string): Promise<PGliteOptions> {
  if (loaded?.file !== file) loaded = { file, options: templateOptions(file) };
  return loaded.options;
}

async function templateOptions(file: string): Promise<PGliteOptions> {
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const [pgliteWasmModule, initdbWasmModule] = await Promise.all(
    ['pglite.wasm', 'initdb.wasm'].map(async (name) => WebAssembly.compile(await fs.promises.readFile(path.join(dist, name)))),
  );
  return {
    loadDataDir: new Blob([await fs.promises.readFile(file)]),
    fsBundle: new Blob([await fs.promises.readFile(path.join(dist, 'pglite.data'))]),
    pgliteWasmModule,
    initdbWasmModule,
  };
}

/** What a database fresh from the template holds, read from the worker's first one. */
interface Baseline {
  template: string;
  /** The tables, columns, indexes, triggers and functions: a database that differs is not reused. */
  schema: string;
  /** Every table of the app and of the migration journal, quoted. */
  tables: string[];
  /** The rows the migrations wrote (the journal, the default tiers, channels and settings), per table, as JSON. */
  rows: Map<string, string>;
}

let baseline: Promise<Baseline> | null = null;
/** The emptied database waiting for the next test app: one is enough for a worker's one file at a time. */
let spare: PGlite | null = null;

/** A fresh migrated database in memory: an emptied one this worker kept, or a new copy of the template. */
export async function freshPglite(template: string): Promise<PGlite> {
  if (spare) {
    const kept = spare;
    spare = null;
    return kept;
  }
  const client = new PGlite({ ...(await fromPgliteTemplate(template)) });
  await client.waitReady;
  if (baseline === null || (await baseline).template !== template) baseline = readBaseline(client, template);
  await baseline;
  return client;
}

/** Empties a database a test app is done with and keeps it for the next, or closes it. */
export async function recyclePglite(client: PGlite): Promise<void> {
  if (client.closed) return;
  try {
    if (spare === null && (await emptied(client))) {
      spare = client;
      return;
    }
  } catch {
    // A database left in a state it cannot be emptied from is not reused.
  }
  await client.close();
}

const SCHEMA_SQL = `
  select md5(string_agg(x, ',' order by x)) as schema from (
    select format('%s.%s:%s', n.nspname, c.relname, c.relkind) as x
      from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in ('public', 'drizzle')
    union all
    select format('%s.%s.%s:%s', n.nspname, c.relname, a.attname, format_type(a.atttypid, a.atttypmod))
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname in ('public', 'drizzle') and a.attnum > 0 and not a.attisdropped
    union all
    select format('trigger %s on %s', t.tgname, t.tgrelid::regclass) from pg_trigger t where not t.tgisinternal
    union all
    select format('function %s', p.oid::regprocedure) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname in ('public', 'drizzle')
  ) parts`;

async function readBaseline(client: PGlite, template: string): Promise<Baseline> {
  const [{ schema }] = (await client.query<{ schema: string }>(SCHEMA_SQL)).rows;
  const tables = (await appTables(async (text) => (await client.query<Record<string, unknown>>(text)).rows)).map((t) => t.quoted);
  const rows = new Map<string, string>();
  for (const table of tables) {
    const [{ json }] = (await client.query<{ json: string | null }>(`select json_agg(t)::text as json from ${table} t`)).rows;
    if (json !== null) rows.set(table, json);
  }
  return { template, schema, tables, rows };
}

/**
 * Puts the database back as the template had it: the session as new (settings, listens, locks,
 * prepared statements), every table a test wrote to truncated, the migrations' rows written again.
 * False when the schema is not the template's.
 */
async function emptied(client: PGlite): Promise<boolean> {
  const base = await baseline!;
  await client.exec('discard all');
  const [{ schema }] = (await client.query<{ schema: string }>(SCHEMA_SQL)).rows;
  if (schema !== base.schema) return false;
  const written = (await client.query<{ name: string }>(writtenSql(base))).rows.map((r) => r.name);
  if (written.length === 0) return true;
  await client.transaction(async (tx) => {
    await tx.exec(`truncate ${written.join(', ')} restart identity cascade`);
    // Their foreign keys are not checked while they are put back in no particular order.
    await tx.exec('set local session_replication_role = replica');
    for (const [table, json] of base.rows) {
      const [{ empty }] = (await tx.query<{ empty: boolean }>(`select not exists (select from ${table}) as empty`)).rows;
      if (empty) await tx.query(`insert into ${table} select * from json_populate_recordset(null::${table}, $1)`, [json]);
    }
  });
  return true;
}

/** The tables a test changed: any rows at all, or for the migrations' tables other rows than theirs. */
function writtenSql(base: Baseline): string {
  const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
  return base.tables
    .map((table) => {
      const json = base.rows.get(table);
      const changed =
        json === undefined
          ? `exists (select from ${table})`
          : `(select json_agg(t)::text from ${table} t) is distinct from ${literal(json)}`;
      return `select ${literal(table)} as name where ${changed}`;
    })
    .join(' union all ');
}
