import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeFeed } from './merge-feed';

const cursorOf = (ms: number, id: number) =>
  `${new Date(Date.UTC(2026, 0, 1) + ms).toISOString().replace('Z', '000Z')}|00000000-0000-4000-8000-${String(id).padStart(12, '0')}`;

/** What the database would answer: a source's rows older than the cursor, newest first, limit + 1. */
const read = (rows: string[], cursor: string | null, limit: number) =>
  rows
    .filter((c) => cursor === null || c < cursor)
    .sort()
    .reverse()
    .slice(0, limit + 1)
    .map((c) => ({ cursor: c }))
    // The statement's joins keep no order: a source's rows may come in any, here oldest first.
    .reverse();

function pageThrough(a: string[], b: string[], limit: number) {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 1000; pages++) {
    const { page, nextCursor }: { page: { cursor: string }[]; nextCursor: string | null } = mergeFeed(
      [read(a, cursor, limit), read(b, cursor, limit)],
      limit,
    );
    seen.push(...page.map((e) => e.cursor));
    if (nextCursor === null) return seen;
    expect(page.length).toBeGreaterThanOrEqual(limit);
    cursor = nextCursor;
  }
  throw new Error('no end');
}

describe('mergeFeed', () => {
  it('merges newest first and shows all of a source when it fits the limit', () => {
    const a = [cursorOf(5, 1), cursorOf(1, 2)];
    const b = [cursorOf(3, 3)];
    const { page, nextCursor } = mergeFeed([read(a, null, 200), read(b, null, 200)], 200);
    expect(page.map((e) => e.cursor)).toEqual([cursorOf(5, 1), cursorOf(3, 3), cursorOf(1, 2)]);
    expect(nextCursor).toBeNull();
  });

  it('ends a page at the later cut so the older source rows wait for the next page', () => {
    // Notifications every minute, messages every hour: 3 of each per page.
    const notes = Array.from({ length: 6 }, (_, i) => cursorOf(-i * 60_000, i));
    const messages = Array.from({ length: 6 }, (_, i) => cursorOf(-i * 3_600_000 - 30_000, 100 + i));
    const first = mergeFeed([read(notes, null, 3), read(messages, null, 3)], 3);
    expect(first.page.map((e) => e.cursor)).toEqual([notes[0], messages[0], notes[1], notes[2]]);
    expect(first.nextCursor).toBe(notes[2]);
  });

  it('pages through every entry of both sources exactly once, in one order (property)', () => {
    const source = fc.uniqueArray(fc.tuple(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 999_999 })), {
      maxLength: 60,
      selector: ([, id]) => id,
    });
    fc.assert(
      fc.property(source, source, fc.integer({ min: 1, max: 10 }), (rawA, rawB, limit) => {
        const a = rawA.map(([ms, id]) => cursorOf(ms, id));
        const b = rawB.map(([ms, id]) => cursorOf(ms, id + 1_000_000));
        const seen = pageThrough(a, b, limit);
        expect(seen).toEqual([...a, ...b].sort().reverse());
      }),
    );
  });
});
