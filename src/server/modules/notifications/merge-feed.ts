/**
 * Merges the master feed's two sources into one page, newest first (guide/notifications-and-email.md#the-notifications-screen, #the-bell:
 * the latest 200 notifications and 200 request messages). Each source holds its `limit + 1` newest
 * rows past the cursor, in any order (the statement joins people and requests after its walks, which
 * keeps none): each is put newest first here. A source with more rows than `limit` is cut at its last kept
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

const newestFirst = (a: Keyed, b: Keyed) => (a.cursor < b.cursor ? 1 : a.cursor > b.cursor ? -1 : 0);

export function mergeFeed<T extends Keyed>(sources: T[][], limit: number): { page: T[]; nextCursor: string | null } {
  let bound: string | null = null;
  const kept: T[] = [];
  for (const rows of sources) {
    const mine = [...rows].sort(newestFirst).slice(0, limit);
    if (rows.length > limit) {
      const last = mine[mine.length - 1].cursor;
      if (bound === null || last > bound) bound = last;
    }
    kept.push(...mine);
  }
  kept.sort(newestFirst);
  const page = bound === null ? kept : kept.filter((e) => e.cursor >= bound);
  return { page, nextCursor: bound };
}
