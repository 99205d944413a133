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
