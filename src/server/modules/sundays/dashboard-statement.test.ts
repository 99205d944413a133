import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { jsonObjectOf } from '../../platform/db/json-select';
import { windowJson } from '../../queries/sunday-readiness';
import { dashboardFields } from './queries';

/**
 * Decision 0042: the runways dashboard's named statement holds only the code's constants and the
 * server's dates, so PostgreSQL plans it once per connection per day; a parameter would have it
 * planned again on every call.
 */
describe('the runways dashboard statement', () => {
  const dates = ['2026-11-29', '2026-12-06', '2026-12-13', '2026-12-20', '2026-12-27', '2027-01-03'];
  const render = (withHealth: boolean) =>
    new PgDialect().sqlToQuery(sql`select ${jsonObjectOf(dashboardFields({ dates, today: '2026-11-26', withHealth }))} as value`);

  it('binds no parameter: the dates, flags and limits are in its text', () => {
    for (const withHealth of [true, false]) {
      const { sql: text, params } = render(withHealth);
      expect(params).toEqual([]);
      expect(text).toContain("'2027-01-03'::date");
      expect(text).toContain("'2026-11-26'::date");
    }
  });

  it('has one text a day for each kind of reader (with or without the health statuses)', () => {
    expect(render(true).sql).toBe(render(true).sql);
    expect(render(true).sql).not.toBe(render(false).sql);
  });

  it('the window read for one Sunday a request asks for binds that date as a parameter', () => {
    const { sql: text, params } = new PgDialect().sqlToQuery(sql`select ${jsonObjectOf(windowJson(['2026-12-06']))} as value`);
    expect(params).toEqual(['2026-12-06', '2026-12-06']);
    expect(text).not.toContain("'2026-12-06'");
  });
});
