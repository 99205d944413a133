import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from './client';
import { buildNamed, executeBuilt, type BuiltStatement } from './prepared';

/**
 * Reads built as JSON by PostgreSQL (decision 0038): a screen's lists selected as scalar
 * subqueries that return JSON already in the API's shape, so the screen is one statement and one
 * result value instead of a result set per list, each parsed row by row by the driver.
 */

/** One json value holding each named subquery's value: `{ name: value, ... }`. */
export function jsonObjectOf(fields: Record<string, SQL>): SQL<Record<string, unknown> | string> {
  // The keys are the code's own names, written into the text: a statement of constants only keeps one plan.
  const pairs = Object.entries(fields).map(([key, value]) => sql`${keyLiteral(key)}, ${value}`);
  return sql<Record<string, unknown> | string>`json_build_object(${sql.join(pairs, sql`, `)})`;
}

function keyLiteral(key: string): SQL {
  if (!/^\w+$/.test(key)) throw new Error(`not a field name: ${key}`);
  return sql.raw(`'${key}'::text`);
}

/** A json value arrives parsed from node-postgres and PGlite alike; a string is parsed here, to be safe. */
export function parsedJson<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/** Runs the named subqueries in ONE statement and returns their values by name. */
export async function selectJson<K extends string>(db: Executor, fields: Record<K, SQL>): Promise<Record<K, unknown>> {
  const [row] = rowsOf<{ value: Record<K, unknown> | string }>(await db.execute(jsonSelect(fields)));
  return parsedJson(row.value);
}

const jsonSelect = (fields: Record<string, SQL>) => sql`select ${jsonObjectOf(fields)} as value`;

/**
 * selectJson's statement, named and built once for a hot read whose text depends on no value and
 * that keeps it (decisions 0040, 0047): the runways dashboard.
 */
export function buildJsonSelect(db: Executor, fields: Record<string, SQL>): BuiltStatement {
  return buildNamed(db, jsonSelect(fields));
}

/** Runs a statement of buildJsonSelect and returns its values by name. */
export async function selectBuiltJson<K extends string>(db: Executor, built: BuiltStatement): Promise<Record<K, unknown>> {
  const [row] = rowsOf<{ value: Record<K, unknown> | string }>(await executeBuilt(db, built));
  return parsedJson(row.value);
}
