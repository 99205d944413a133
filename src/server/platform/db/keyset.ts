import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from '../errors';

/**
 * Keyset pagination over (created_at, id), newest first. The cursor is "<iso time>|<uuid>" of the
 * last row of the previous page. The time keeps PostgreSQL's microseconds: a JavaScript Date has
 * only milliseconds, and a cursor rounded to them would skip rows written in the same millisecond
 * (for example all rows of one multi-row insert, which share `now()`).
 */
export interface KeysetCursor {
  at: string;
  id: string;
}

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** Reads a cursor from the query string; anything malformed is a 400, not an empty page. */
export function parseCursor(raw: string | undefined | null): KeysetCursor | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const match = CURSOR.exec(raw);
  // The round trip also rejects days a month does not have (Feb 30), which Date.parse rolls over.
  const time = match ? Date.parse(match[1]) : Number.NaN;
  if (!match || Number.isNaN(time) || new Date(time).toISOString().slice(0, 19) !== match[1].slice(0, 19)) {
    throw badRequest('Invalid cursor.', { cursor: 'Invalid cursor.' });
  }
  return { at: match[1], id: match[2].toLowerCase() };
}

/** The cursor value of a row, computed by the database at full precision; select it with the row. */
export function cursorOf(createdAt: AnyPgColumn | SQL, id: AnyPgColumn | SQL): SQL<string> {
  return sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '|' || ${id}::text`;
}

/** Rows strictly after the cursor in (created_at desc, id desc) order. */
export function olderThan(createdAt: AnyPgColumn | SQL, id: AnyPgColumn | SQL, cursor: KeysetCursor): SQL {
  return sql`(${createdAt}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
}

/** Order matching `olderThan`. */
export function newestFirst(createdAt: AnyPgColumn | SQL, id: AnyPgColumn | SQL): SQL[] {
  return [sql`${createdAt} desc`, sql`${id} desc`];
}

/**
 * Cuts a page fetched with `limit + 1` rows: the extra row only says another page exists, and the
 * next cursor is the cursor of the page's last row.
 */
export function keysetPage<T extends { cursor: string }>(rows: T[], limit: number): { page: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { page, nextCursor: rows.length > limit && last ? last.cursor : null };
}
