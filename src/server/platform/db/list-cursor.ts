import { sql, type SQL } from 'drizzle-orm';
import { badRequest } from '../errors';

/**
 * Opaque keyset cursors for lists ordered by several keys (decision 0025): the sort key values of
 * the last row of a page, as text, in a base64url JSON array. The client only hands it back; the
 * server checks every value's form before it reaches SQL, so a forged cursor is a 400, not a 500.
 *
 * The keys are compared as one row value, `(a, b, id) > (x, y, z)`, which a btree index on the
 * same columns serves as a range scan. Nulls cannot take part in a row comparison, so lists that
 * order nulls last key on coalesce(column, 'infinity') (the index is on the same expression).
 */
export type CursorKey = 'date' | 'timestamp' | 'uuid' | 'text';

const FORMS: Record<CursorKey, RegExp> = {
  date: /^(?:\d{4}-\d{2}-\d{2}|-?infinity)$/,
  timestamp: /^(?:\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z|-?infinity)$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  text: /^[\s\S]{0,500}$/,
};

/** A finite date or time must also be a real one (no Feb 30). */
function realDay(value: string): boolean {
  if (value.endsWith('infinity')) return true;
  const day = value.slice(0, 10);
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day;
}

export function encodeCursor(values: string[]): string {
  return Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
}

/** The cursor's values, checked against the list's key kinds; absent is null, malformed a 400. */
export function decodeCursor(raw: string | undefined, kinds: readonly CursorKey[]): string[] | null {
  if (raw === undefined || raw === '') return null;
  const invalid = () => badRequest('Invalid cursor.', { cursor: 'Invalid cursor.' });
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(values) || values.length !== kinds.length) throw invalid();
  kinds.forEach((kind, i) => {
    const value: unknown = values[i];
    if (typeof value !== 'string' || !FORMS[kind].test(value)) throw invalid();
    if ((kind === 'date' || kind === 'timestamp') && !realDay(value)) throw invalid();
  });
  return values as string[];
}

/** A timestamp as cursor text at PostgreSQL's full precision (microseconds), infinities kept. */
export function timestampKey(column: SQL): SQL {
  return sql`case when isfinite(${column}) then to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') else ${column}::text end`;
}

/** A timestamp as the API shows it (JavaScript's toISOString: milliseconds, UTC). */
export function isoTimestamp(column: SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** Cuts a page fetched with `limit + 1` rows; the next cursor is the page's last row's keys. */
export function pageOf<T>(rows: T[], limit: number, keysOf: (row: T) => string[]): { page: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { page, nextCursor: rows.length > limit && last ? encodeCursor(keysOf(last)) : null };
}
