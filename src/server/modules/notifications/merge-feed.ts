/**
 * Merges the master feed's two sources into one page, newest first (guide/notifications-and-email.md#the-notifications-screen, #the-bell:
 * the latest 200 notifications and 200 request messages). Each source was read newest first with
 * `limit + 1` rows past the cursor. A source with more rows than `limit` is cut at its last kept
 * row, and the page ends at the later of those cuts: an entry older than it could be preceded by
 * rows of the other source not read yet, so it waits for the next page. Every entry is on exactly
 * one page and the pages together are in one order.
 *
 * Cursors are "<time with microseconds>|<uuid>" (src/server/platform/db/keyset.ts): fixed width
 * and lower-case hex, so comparing them as strings is the database's (created_at, id) order.
 */
export interface Keyed {
  cursor: string;
}

export function mergeFeed<T extends Keyed>(sources: T[][], limit: number): { page: T[]; nextCursor: string | null } {
  let bound: string | null = null;
  const kept: T[] = [];
  for (const rows of sources) {
    const mine = rows.slice(0, limit);
    if (rows.length > limit) {
      const last = mine[mine.length - 1].cursor;
      if (bound === null || last > bound) bound = last;
    }
    kept.push(...mine);
  }
  kept.sort((a, b) => (a.cursor < b.cursor ? 1 : a.cursor > b.cursor ? -1 : 0));
  const page = bound === null ? kept : kept.filter((e) => e.cursor >= bound);
  return { page, nextCursor: bound };
}
