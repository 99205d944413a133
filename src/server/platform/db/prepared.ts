import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { Executor } from './client';

/**
 * A hot statement built once per database handle and sent as a named prepared statement
 *: drizzle rebuilds a query's SQL text on every call, which cost a bell count more CPU
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
 * A raw statement sent as a named prepared statement, named by its own text (decision
 * 0040). PostgreSQL then parses and analyses the text once per connection instead of on every
 * call, and after five runs may keep a generic plan instead of planning each call: on the 100k
 * church the drawer's and Event Promotions' statements took half the time they took unnamed.
 *
 * For the hot list reads, whose text depends only on which filters are set (values are always
 * parameters): a few texts per read, each prepared once per pooled connection. Never for a text
 * that embeds values (`sql.raw` of data), which would prepare a new statement per value.
 */
export function executeNamed(db: Executor, query: SQL): Promise<unknown> {
  return executeBuilt(db, buildNamed(db, query));
}

const genericPlanHandles = new WeakMap<object, Executor>();

/** Where executeGeneric sends the statements of `db`: a handle whose connections run generic plans. */
export function runsGenericPlansOn(db: Executor, generic: Executor): void {
  genericPlanHandles.set(db, generic);
}

/**
 * A named statement run on its generic plan, which PostgreSQL makes once per connection (decision
 * 0076): for a statement whose custom plans PostgreSQL keeps choosing, because it estimates the
 * generic one dearer, where the generic one was measured faster for every reader. It goes to the
 * connections set up for that (openPostgres); inside a transaction, or on PGlite, it runs as
 * executeNamed does.
 */
export function executeGeneric(db: Executor, query: SQL): Promise<unknown> {
  return executeBuilt(genericPlanHandles.get(db) ?? db, buildNamed(db, query));
}

/** A statement's text, parameters and name, as executeNamed sends it. */
export interface BuiltStatement {
  sql: string;
  params: unknown[];
  name: string;
}

/**
 * Builds what executeNamed sends, for a read that keeps it: drizzle walks the whole SQL tree and
 * the name hashes the whole text on every call (0.23 ms for the runways dashboard's statement of a
 * dozen subqueries on a 2 GHz core, decision 0047).
 */
export function buildNamed(db: Executor, query: SQL): BuiltStatement {
  const built = (db as unknown as DrizzleInternals).dialect.sqlToQuery(query);
  return { sql: built.sql, params: built.params, name: statementName(built.sql) };
}

export function executeBuilt(db: Executor, built: BuiltStatement): Promise<unknown> {
  const { session } = db as unknown as DrizzleInternals;
  return session.prepareQuery({ sql: built.sql, params: built.params }, undefined, built.name, false).execute();
}

/**
 * Keeps the last few values of `build` by key: for statements whose text depends only on the
 * server's own values (today's date, the reader's kind), so a change of day builds anew and the
 * memory stays bounded (the oldest kept value goes first).
 */
export function keptByKey<I, T>(size: number, keyOf: (input: I) => string, build: (input: I) => T): (input: I) => T {
  const kept = new Map<string, T>();
  return (input) => {
    const key = keyOf(input);
    let value = kept.get(key);
    if (value === undefined) {
      if (kept.size >= size) kept.delete(kept.keys().next().value as string);
      kept.set(key, (value = build(input)));
    }
    return value;
  };
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
