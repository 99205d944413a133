import { sql, type SQL } from 'drizzle-orm';

/** `x in (${inList(values)})`: the values as bound parameters, one place for every module's status lists. */
export const inList = (values: readonly string[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * `x in (${literalList(values)})`: the code's own constants (status lists) written into the text,
 * never a value from a request. A named statement (decision 0040) is planned once for every call;
 * with its constants in the text PostgreSQL's generic plan knows them, as a custom plan would,
 * and is kept (the board's statement: 3.7 ms unnamed, 1.5-2.5 ms named with literal constants).
 */
export const literalList = (values: readonly string[]): SQL => sql.raw(values.map(quoted).join(', '));

/** A constant of the code (a page size, a flag) written into the text, for the same reason. */
export const literal = (value: string | number | boolean): SQL =>
  sql.raw(typeof value === 'string' ? quoted(value) : typeof value === 'number' ? String(Math.trunc(value)) : String(value));

/**
 * A date the server computed (today, the Sundays of the window; never one from a request) written
 * into the text as `'YYYY-MM-DD'::date`. The runways dashboard's statement then has no parameter at
 * all: PostgreSQL plans it once per connection per day instead of on every call (decision 0042).
 */
export const literalDate = (iso: string): SQL => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) throw new Error(`not an ISO date: ${iso}`);
  return sql.raw(`'${iso}'::date`);
};

const quoted = (v: string) => `'${v.replace(/'/g, "''")}'`;
