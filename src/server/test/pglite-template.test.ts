// Runs long: opens several copies of the embedded database.
import { sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import { describe, expect, inject, it } from 'vitest';
import { everyRow } from './every-row';
import { buildMinistry, buildUser } from './factories';
import { createTestApp } from './harness';
import { freshPglite, recyclePglite } from './pglite-template';

/** Every row of every table of one database. */
const rowsOf = (client: PGlite) => everyRow(async (text) => (await client.query<Record<string, unknown>>(text)).rows);

describe("the API tests' embedded databases", () => {
  it('a database a test app wrote to comes back to the next one holding exactly what a new copy holds', async () => {
    const first = await createTestApp('pglite');
    const client = first.ctx.database.pglite!;
    const ministry = await buildMinistry(first.ctx.db, { defaultTier: 'C' });
    await buildUser(first.ctx.db, { role: 'coordinator', ministryId: ministry.id });
    // The migrations' own rows changed too: a tier renamed, a step of the journal gone, a setting changed.
    await first.ctx.db.execute(sql`update tiers set name = 'Renamed' where code = 'A'`);
    await first.ctx.db.execute(sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`);
    await first.ctx.db.execute(sql`set enable_seqscan = off`);
    await first.close();

    const again = await freshPglite(inject('pgliteTemplate'));
    // This worker kept that one database and it is taken again: the next is a new copy of the template.
    const copy = await freshPglite(inject('pgliteTemplate'));
    try {
      expect(again).toBe(client);
      expect(copy).not.toBe(client);
      const rows = await rowsOf(again);
      expect(rows['public.users']).toEqual([]);
      expect(rows['public.ministries']).toEqual([]);
      expect((await again.query<{ enable_seqscan: string }>('show enable_seqscan')).rows[0].enable_seqscan).toBe('on');
      expect(rows).toEqual(await rowsOf(copy));
    } finally {
      await again.close();
      await copy.close();
    }
  });

  it('a database whose schema a test changed, or that a test closed, is not used again', async () => {
    // Each app takes the database this worker keeps, if any, so only its own state decides whether it is kept.
    const first = await createTestApp('pglite');
    const changed = first.ctx.database.pglite!;
    await first.ctx.db.execute(
      sql.raw(`create function lampstand_test_refuse() returns trigger language plpgsql as $$ begin raise exception 'no'; end $$`),
    );
    await first.close();
    expect(changed.closed).toBe(true);

    const second = await createTestApp('pglite');
    const closed = second.ctx.database.pglite!;
    expect(closed).not.toBe(changed);
    await closed.close();
    await second.close();

    const third = await createTestApp('pglite');
    try {
      expect(third.ctx.database.pglite).not.toBe(closed);
      expect((await third.ctx.database.pglite!.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await third.close();
    }
  });

  it('keeps one emptied database for the next test app, and closes any more', async () => {
    const a = await freshPglite(inject('pgliteTemplate'));
    const b = await freshPglite(inject('pgliteTemplate'));
    await recyclePglite(a);
    await recyclePglite(b);
    expect(a.closed).toBe(false);
    expect(b.closed).toBe(true);
    expect(await freshPglite(inject('pgliteTemplate'))).toBe(a);
    await a.close();
  });
});
