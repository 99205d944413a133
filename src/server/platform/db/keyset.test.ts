import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { keysetPage, parseCursor } from './keyset';

const ID = '5f0c8a52-8d1b-4c38-9a5a-2d3c4b5a6e7f';

describe('keyset cursors', () => {
  it('reads "<iso time>|<uuid>" with milli- or microseconds', () => {
    expect(parseCursor(`2025-01-02T03:04:05.123456Z|${ID}`)).toEqual({ at: '2025-01-02T03:04:05.123456Z', id: ID });
    expect(parseCursor(`2025-01-02T03:04:05.123Z|${ID.toUpperCase()}`)).toEqual({ at: '2025-01-02T03:04:05.123Z', id: ID });
    expect(parseCursor(`2025-01-02T03:04:05Z|${ID}`)?.at).toBe('2025-01-02T03:04:05Z');
    expect(parseCursor(undefined)).toBeNull();
    expect(parseCursor('')).toBeNull();
  });

  it('refuses anything else with a 400', () => {
    for (const bad of [
      'garbage',
      ID,
      `2025-01-02|${ID}`,
      `2025-13-40T03:04:05Z|${ID}`,
      `2025-02-30T03:04:05Z|${ID}`,
      `2025-01-02T25:04:05Z|${ID}`,
      `2025-01-02T03:04:05.1234567Z|${ID}`,
      `2025-01-02T03:04:05Z|not-a-uuid`,
      `2025-01-02T03:04:05Z|${ID}|extra`,
      `2025-01-02T03:04:05Z|${ID}' or '1'='1`,
    ]) {
      let error: unknown;
      try {
        parseCursor(bad);
      } catch (err) {
        error = err;
      }
      expect(error, bad).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(400);
    }
  });

  it('cuts a page fetched with limit + 1 rows', () => {
    const rows = ['a', 'b', 'c'].map((cursor) => ({ cursor }));
    expect(keysetPage(rows, 2)).toEqual({ page: rows.slice(0, 2), nextCursor: 'b' });
    expect(keysetPage(rows, 3)).toEqual({ page: rows, nextCursor: null });
    expect(keysetPage([], 3)).toEqual({ page: [], nextCursor: null });
  });
});
