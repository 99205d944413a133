import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { inList, literal, literalDate, literalList } from './sql-lists';

const dialect = new PgDialect();
const render = (fragment: ReturnType<typeof sql>) => {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  return { sql: text, params };
};

describe('status lists in SQL', () => {
  it('inList binds each value as a parameter', () => {
    expect(render(sql`status in (${inList(['a', 'b'])})`)).toEqual({ sql: 'status in ($1, $2)', params: ['a', 'b'] });
  });

  it('literalList writes the constants into the text, quotes doubled, with no parameter', () => {
    expect(render(sql`status in (${literalList(['approved', "o'clock"])})`)).toEqual({
      sql: "status in ('approved', 'o''clock')",
      params: [],
    });
  });

  it('literal writes a whole number, a flag or a quoted string', () => {
    expect(render(sql`limit ${literal(26)} offset ${literal(2.9)}`).sql).toBe('limit 26 offset 2');
    expect(render(sql`${literal(false)} or ${literal("it's")}`).sql).toBe("false or 'it''s'");
  });

  it('literalDate writes an ISO date as a date literal and refuses anything else', () => {
    expect(render(sql`d >= ${literalDate('2026-11-29')}`)).toEqual({ sql: "d >= '2026-11-29'::date", params: [] });
    for (const bad of ["2026-11-29'; drop table users; --", '29/11/2026', ''])
      expect(() => literalDate(bad), bad).toThrow(/not an ISO date/);
  });
});
