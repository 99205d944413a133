import { sql } from 'drizzle-orm';
import pg from 'pg';
import { expect, inject, it } from 'vitest';
import { rowsOf } from '../platform/db/client';
import { everyRow } from './every-row';
import { buildMinistry, buildUser } from './factories';
import { createTestApp, describeOnPostgres } from './harness';
import { databaseUrl, freshPgDatabase, makePgTemplate, onServer, recyclePgDatabase, withClient, type PgTestDatabase } from './pg-template';

const serverUrl = () => process.env.DATABASE_URL!;

const everyRowOf = (url: string) => withClient(url, (c) => everyRow(async (text) => (await c.query(text)).rows));

const nameOf = (url: string) => new URL(url).pathname.slice(1);
const exists = (url: string) =>
  withClient(serverUrl(), async (c) => (await c.query('select 1 from pg_database where datname = $1', [nameOf(url)])).rowCount === 1);

describeOnPostgres("the API tests' PostgreSQL databases", () => {
  it('a database a test app wrote to comes back to the next one holding exactly what a new copy holds', async () => {
    const first = await createTestApp('pg');
    const ministry = await buildMinistry(first.ctx.db, { defaultTier: 'C' });
    await buildUser(first.ctx.db, { role: 'coordinator', ministryId: ministry.id });
    // The migrations' own rows changed too: a tier renamed, a step of the journal gone.
    await first.ctx.db.execute(sql`update tiers set name = 'Renamed' where code = 'A'`);
    await first.ctx.db.execute(sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`);
    const url = await urlOf(first);
    await first.close();

    const again = await freshPgDatabase(serverUrl(), inject('pgTemplate'));
    // This worker kept that one database and it is taken again: the next is a new copy of the template.
    const copy = await freshPgDatabase(serverUrl(), inject('pgTemplate'));
    try {
      expect(again.url).toBe(url);
      expect(copy.url).not.toBe(url);
      const rows = await everyRowOf(again.url);
      expect(rows['public.users']).toEqual([]);
      expect(rows['public.ministries']).toEqual([]);
      expect(rows).toEqual(await everyRowOf(copy.url));
    } finally {
      await again.drop();
      await copy.drop();
    }
  });

  it('a database whose schema a test changed, or that another connection still uses, is dropped', async () => {
    const changed = await createTestApp('pg');
    const changedUrl = await urlOf(changed);
    await changed.ctx.db.execute(
      sql.raw(`create function lampstand_test_refuse() returns trigger language plpgsql as $$ begin raise exception 'no'; end $$`),
    );
    await changed.close();
    expect(await exists(changedUrl)).toBe(false);

    const used = await createTestApp('pg');
    const usedUrl = await urlOf(used);
    const stranger = new pg.Client({ connectionString: usedUrl });
    await stranger.connect();
    stranger.on('error', () => {});
    await used.close();
    expect(await exists(usedUrl)).toBe(false);
    await stranger.end().catch(() => {});
  });

  it('keeps one emptied database for the next test app, and drops any more', async () => {
    const a = await freshPgDatabase(serverUrl(), inject('pgTemplate'));
    const b = await freshPgDatabase(serverUrl(), inject('pgTemplate'));
    await recyclePgDatabase(a);
    await recyclePgDatabase(b);
    expect(await exists(a.url)).toBe(true);
    expect(await exists(b.url)).toBe(false);
    const next: PgTestDatabase = await freshPgDatabase(serverUrl(), inject('pgTemplate'));
    expect(next.url).toBe(a.url);
    await next.drop();
  });

  it('removing a template removes the copies named after it, which the workers kept or a failed test left', async () => {
    const template = await makePgTemplate(serverUrl());
    await onServer(serverUrl(), `create database ${template.name}_left template ${template.name}`);
    await template.remove();
    const left = await withClient(
      serverUrl(),
      async (c) => (await c.query('select datname from pg_database where datname like $1', [`${template.name}%`])).rowCount,
    );
    expect(left).toBe(0);
  });
});

async function urlOf(app: Awaited<ReturnType<typeof createTestApp>>): Promise<string> {
  const [{ name }] = rowsOf<{ name: string }>(await app.ctx.db.execute(sql`select current_database() as name`));
  return databaseUrl(serverUrl(), name);
}
