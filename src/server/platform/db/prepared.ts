import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { Executor } from './client';

/**
 * A hot statement built once per database handle and sent as a named prepared statement
 * (issue 11): drizzle rebuilds a query's SQL text on every call, which cost a bell count more CPU
 * than PostgreSQL's own work (13 % of the process in the profile); prepared, each call only binds
 * its parameters, and PostgreSQL keeps the parsed statement per connection. For statements whose
 * plan does not depend on the values (an index lookup by user, say): PostgreSQL may settle on a
 * generic plan after five runs.
 */
const built = new WeakMap<object, Map<string, unknown>>();

export function prepared<T>(db: Executor, name: string, build: (db: Executor) => T): T {
  let statements = built.get(db);
  if (!statements) built.set(db, (statements = new Map()));
  if (!statements.has(name)) statements.set(name, build(db));
  return statements.get(name) as T;
}

/**
 * A raw statement sent as a named prepared statement, named by its own text (issue 11, decision
 * 0040). PostgreSQL then parses and analyses the text once per connection instead of on every
 * call, and after five runs may keep a generic plan instead of planning each call: on the 100k
 * church the drawer's and Event Promotions' statements took half the time they took unnamed.
 *
 * For the hot list reads, whose text depends only on which filters are set (values are always
 * parameters): a few texts per read, each prepared once per pooled connection. Never for a text
 * that embeds values (`sql.raw` of data), which would prepare a new statement per value.
 */
export function executeNamed(db: Executor, query: SQL): Promise<unknown> {
  const { dialect, session } = db as unknown as DrizzleInternals;
  const built = dialect.sqlToQuery(query);
  return session.prepareQuery(built, undefined, statementName(built.sql), false).execute();
}

/** A name PostgreSQL accepts (63 bytes at most), the same for the same text in every process. */
export function statementName(text: string): string {
  return `ls_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
}

/** What `db.execute` itself uses (drizzle-orm's PgDatabase), reached for the statement's name. */
interface DrizzleInternals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: false,
    ): { execute(): Promise<unknown> };
  };
}
