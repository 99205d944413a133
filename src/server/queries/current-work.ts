import { sql, type SQL } from 'drizzle-orm';
import { badRequest } from '../platform/errors';

/**
 * Current work first (guide/tasks-and-calendar.md#my-tasks-and-all-tasks, decision 0026): the keyset pieces the task lists and the board
 * share. Open work runs soonest due first with undated work last, `(due_date asc nulls last, id)`;
 * finished work most recently changed first, `(updated_at desc, id desc)` (platform/db/keyset).
 */

/** A place in the open-work order: the due date (null: undated) and id of the last row of a page. */
export interface DueCursor {
  due: string | null;
  id: string;
}

const DUE_CURSOR = /^(\d{4}-\d{2}-\d{2})?\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** Reads a '<yyyy-mm-dd or nothing>|<uuid>' cursor; anything malformed is a 400, not an empty page. */
export function parseDueCursor(raw: string | undefined | null): DueCursor | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const match = DUE_CURSOR.exec(raw);
  const due = match?.[1] ?? null;
  if (!match || (due !== null && (Number.isNaN(Date.parse(due)) || new Date(Date.parse(due)).toISOString().slice(0, 10) !== due))) {
    throw badRequest('Invalid cursor.', { cursor: 'Invalid cursor.' });
  }
  return { due, id: match[2].toLowerCase() };
}

/** The cursor of a row, selected with it: `due_date::text` may be null. */
export const dueCursorOf = (dueDate: string | null, id: string): string => `${dueDate ?? ''}|${id}`;

/**
 * Rows after the cursor in `(due_date asc nulls last, id asc)` order. Written for the column names
 * `<alias>.due_date` and `<alias>.id`.
 */
export function afterDue(alias: string, cursor: DueCursor): SQL {
  const due = sql.raw(`${alias}.due_date`);
  const id = sql.raw(`${alias}.id`);
  if (cursor.due === null) return sql`(${due} is null and ${id} > ${cursor.id}::uuid)`;
  return sql`((${due}, ${id}) > (${cursor.due}::date, ${cursor.id}::uuid) or ${due} is null)`;
}

/** Days of finished work shown until 'Show older' (the task lists' Completed section and the board's finished columns). */
export const RECENT_DAYS = 30;

/** The start of the recent window, as an ISO instant the keyset cursors can carry. */
export function recentSince(now: Date = new Date(), days = RECENT_DAYS): string {
  return new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
}

/**
 * Where older finished work continues once the recent window is used up: after the last row shown,
 * or, when the window held nothing, just before its start (the largest id sorts first at equal times).
 */
export function olderCursorAfter(lastCursor: string | null, since: string): string {
  return lastCursor ?? `${since}|ffffffff-ffff-ffff-ffff-ffffffffffff`;
}
