import { appTables } from '../platform/backup/database-dump';

/**
 * Emptying a test database for the next test app (decision 0077): a worker keeps the database a
 * test app closed, puts it back as the template had it and hands it to the next, on PGlite
 * (pglite-template.ts) and on PostgreSQL (pg-template.ts) alike, instead of making a new copy.
 * A database whose schema a test changed (a trigger that fails, a renamed table) is not reused.
 */

/** One connection to the database being emptied, whichever kind. */
export interface EmptyingSession {
  rows<T>(text: string, params?: unknown[]): Promise<T[]>;
  exec(text: string): Promise<void>;
  transaction(fn: (tx: EmptyingSession) => Promise<void>): Promise<void>;
}

/** What a database fresh from the template holds, read from a worker's first copy. */
export interface Baseline {
  template: string;
  /** The tables, columns, indexes, triggers and functions: a database that differs is not reused. */
  schema: string;
  /** Every table of the app and of the migration journal, quoted. */
  tables: string[];
  /** The rows the migrations wrote (the journal, the default tiers, channels and settings), per table, as JSON. */
  rows: Map<string, string>;
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

const schemaOf = async (session: EmptyingSession) => (await session.rows<{ schema: string }>(SCHEMA_SQL))[0].schema;

export async function readBaseline(session: EmptyingSession, template: string): Promise<Baseline> {
  const schema = await schemaOf(session);
  const tables = (await appTables((text) => session.rows<Record<string, unknown>>(text))).map((t) => t.quoted);
  const rows = new Map<string, string>();
  for (const table of tables) {
    const [{ json }] = await session.rows<{ json: string | null }>(`select json_agg(t)::text as json from ${table} t`);
    if (json !== null) rows.set(table, json);
  }
  return { template, schema, tables, rows };
}

/**
 * Puts the database back as the template had it: the session as new (settings, listens, locks,
 * prepared statements), every table a test wrote to emptied, the migrations' rows written again.
 * False when the schema is not the template's.
 */
export async function emptyDatabase(session: EmptyingSession, base: Baseline): Promise<boolean> {
  await session.exec('discard all');
  if ((await schemaOf(session)) !== base.schema) return false;
  const written = (await session.rows<{ name: string }>(writtenSql(base))).map((r) => r.name);
  if (written.length === 0) return true;
  await session.transaction(async (tx) => {
    // A connection a test left open could hold a lock on a table: wait for it only so long.
    await tx.exec(`set local lock_timeout = '2s'`);
    // Their foreign keys are not checked while they are emptied and put back in no particular order.
    await tx.exec('set local session_replication_role = replica');
    // Deleting a test's few rows is a tenth of the time of a truncate, which gives each table and
    // index new files; a table a test did not write is left alone either way.
    for (const table of written) await tx.exec(`delete from ${table}`);
    for (const [table, json] of base.rows) {
      const [{ empty }] = await tx.rows<{ empty: boolean }>(`select not exists (select from ${table}) as empty`);
      if (empty) await tx.rows(`insert into ${table} select * from json_populate_recordset(null::${table}, $1)`, [json]);
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
