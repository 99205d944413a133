// Runs long: backups and restores of whole databases, on both kinds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso, todayIn } from '../../../shared/domain/dates';
import type { Config } from '../config';
import { rowsOf } from '../db/client';
import { sessionAgent } from '../../test/agent';
import { buildMinistry, buildUser } from '../../test/factories';
import { BACKENDS, ON_POSTGRES, createTestApp, type Backend, type TestApp } from '../../test/harness';
import { everyRow } from '../../test/every-row';
import { onServer } from '../../test/pg-template';
import { startS3Peer } from '../../test/s3-peer';
import { readManifest } from './backup';
import { BackupError, openRawPglite } from './database-dump';
import { diskFileSet, openFileSet } from './file-set';
import { backupCommand, restoreBackup } from './restore';
import { backUpNow } from './schedule';

type Query = (text: string) => Promise<Array<Record<string, unknown>>>;

/** An empty restore target of the backend's kind: a fresh data directory, and on PostgreSQL a fresh database. */
async function emptyTarget(
  backend: Backend,
): Promise<{ config: Config; rows: () => Promise<Record<string, string[]>>; drop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-restore-target-'));
  const base = { dataDir, backupDir: path.join(dataDir, 'backups'), backupDirConfigured: false, s3: null };
  if (backend === 'pglite') {
    return {
      config: { ...base, databaseUrl: null } as Config,
      async rows() {
        const client = await openRawPglite(path.join(dataDir, 'db'));
        try {
          return await everyRow(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
        } finally {
          await client.close();
        }
      },
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `lampstand_t_${randomBytes(6).toString('hex')}`;
  await onServer(process.env.DATABASE_URL!, `create database ${name}`);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    config: { ...base, databaseUrl: url.toString() } as Config,
    async rows() {
      const pg = (await import('pg')).default;
      const c = new pg.Client({ connectionString: url.toString() });
      await c.connect();
      try {
        return await everyRow(async (text) => (await c.query(text)).rows as Array<Record<string, unknown>>);
      } finally {
        await c.end();
      }
    },
    async drop() {
      await onServer(process.env.DATABASE_URL!, `drop database if exists ${name} with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const sourceQuery =
  (t: TestApp): Query =>
  async (text) =>
    t.ctx.database.pglite
      ? (await t.ctx.database.pglite.query<Record<string, unknown>>(text)).rows
      : rowsOf<Record<string, unknown>>(await t.ctx.db.execute(sql.raw(text)));

// A restore unpacks and opens a whole database: a few seconds each, more on a busy machine.
describe.each(BACKENDS)('backup and restore on %s', { timeout: 120_000 }, (backend) => {
  let t: TestApp;
  const targets: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    t = await createTestApp(backend, { seed: true });
  });
  afterAll(async () => t.close());
  afterEach(async () => {
    for (const drop of targets.splice(0)) await drop();
  });

  it('round trip: every table row by row and every file come back; a non-empty target is refused, --force replaces it', async () => {
    const keys = [await t.ctx.files.put(Buffer.from('a slide'), 'png'), await t.ctx.files.put(Buffer.from('%PDF a proof'), 'pdf')];
    // The demo church's items waiting for review carry their proof files too.
    const seededProofs = Number(rowsOf<{ n: number }>(await t.ctx.db.execute(sql`select count(*)::int as n from request_assets`))[0].n);
    expect(seededProofs).toBeGreaterThan(0);
    // Other tests here store files in the same church, in any order: count what the store holds.
    let stored = 0;
    for await (const _file of t.ctx.files.list()) stored++;
    expect(stored).toBeGreaterThanOrEqual(2 + seededProofs);
    const made = await backUpNow(t.ctx, 7);
    expect(made.manifest).toMatchObject({ database: backend, files: { count: stored }, formatVersion: 1 });
    expect(made.manifest.tables['public.requests']).toBeGreaterThan(0);
    expect(await readManifest(made.file)).toEqual(made.manifest);
    const before = await everyRow(sourceQuery(t));

    const target = await emptyTarget(backend);
    targets.push(target.drop);
    const said: string[] = [];
    const restored = await restoreBackup(made.file, target.config, { force: false, say: (l) => said.push(l) });
    expect(restored.replaced).toBeNull();
    expect(await target.rows()).toEqual(before);
    const files = diskFileSet(path.join(target.config.dataDir, 'files'));
    const listed = await files.list();
    expect(listed).toHaveLength(stored);
    for (const k of keys) expect(listed).toContain(`${k.slice(0, 2)}/${k}`);
    for (const key of keys) {
      expect(fs.readFileSync(path.join(target.config.dataDir, 'files', key.slice(0, 2), key))).toEqual(await t.ctx.files.get(key));
    }

    // The target now holds a church: refused without --force, nothing touched.
    const refused = await restoreBackup(made.file, target.config, { force: false }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BackupError);
    expect((refused as Error).message).toMatch(
      new RegExp(
        String.raw`^The target is not empty: it holds .* \([\d,]+ requests, [\d,]+ people and [\d,]+ rows in all\) and ${stored} files in .*--force`,
      ),
    );

    // --force says what it replaces and replaces it.
    const forced: string[] = [];
    const again = await restoreBackup(made.file, target.config, { force: true, say: (l) => forced.push(l) });
    expect(again.replaced).toMatch(new RegExp(`requests.*and ${stored} files`));
    expect(forced[0]).toMatch(/^Replacing .* with the backup of /);
    expect(await target.rows()).toEqual(before);
  });

  it("restore --force into a church whose files live on S3-compatible storage puts the backup's files back in the bucket", async () => {
    const keys = [
      await t.ctx.files.put(Buffer.from('a slide for the bucket'), 'png'),
      await t.ctx.files.put(Buffer.from('%PDF a bucket proof'), 'pdf'),
    ];
    const made = await backUpNow(t.ctx, 7);
    const before = await everyRow(sourceQuery(t));
    const peer = await startS3Peer();
    targets.push(() => peer.close());
    const target = await emptyTarget(backend);
    targets.push(target.drop);
    const config = { ...target.config, s3: peer.config };
    const pathOf = (key: string) => `${key.slice(0, 2)}/${key}`;

    // The target church keeps its files in the bucket: one restore fills it, then its files change.
    await restoreBackup(made.file, config, { force: false });
    const bucket = await openFileSet(config);
    try {
      const scratch = path.join(config.dataDir, 'changed.bin');
      fs.writeFileSync(scratch, 'what the target church had instead');
      await bucket.copyIn(scratch, pathOf(keys[0]));
      const out = path.join(config.dataDir, 'read-back.bin');
      await bucket.copyOut(pathOf(keys[0]), out);
      expect(fs.readFileSync(out, 'utf8')).toBe('what the target church had instead');

      const refused = await restoreBackup(made.file, config, { force: false }).catch((e: unknown) => e);
      expect((refused as Error).message).toMatch(/^The target is not empty: .* files in .*--force/);

      const said: string[] = [];
      const again = await restoreBackup(made.file, config, { force: true, say: (l) => said.push(l) });
      expect(again.replaced).toMatch(/files in /);
      expect(said.at(-1)).toMatch(new RegExp(`^${made.manifest.files.count} files restored to `));
      expect(await target.rows()).toEqual(before);
      // Every file of the backup is in the bucket again, byte for byte, and none was written to disk.
      const listed = await bucket.list();
      expect(listed).toHaveLength(made.manifest.files.count);
      for (const key of keys) {
        await bucket.copyOut(pathOf(key), out);
        expect(fs.readFileSync(out)).toEqual(await t.ctx.files.get(key));
      }
      expect(fs.existsSync(path.join(config.dataDir, 'files'))).toBe(false);
    } finally {
      await bucket.close();
    }
  });

  it('refuses a backup of the other kind of database, and a file that is not a backup, before touching anything', async () => {
    const made = await backUpNow(t.ctx, 7);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-restore-other-'));
    targets.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const other = {
      dataDir,
      s3: null,
      databaseUrl: backend === 'pglite' ? 'postgres://nobody@127.0.0.1:1/none' : null,
    } as Config;
    await expect(restoreBackup(made.file, other, { force: true })).rejects.toThrow(
      backend === 'pglite'
        ? /^This backup is of the embedded database \(PGlite\), and this Lampstand is set up for PostgreSQL/
        : /^This backup is of PostgreSQL, and this Lampstand is set up for the embedded database/,
    );
    const junk = path.join(dataDir, 'junk.tar.gz');
    fs.writeFileSync(junk, 'not an archive');
    await expect(restoreBackup(junk, other, { force: true })).rejects.toThrow(/is not a Lampstand backup/);
    expect(fs.readdirSync(dataDir)).toEqual(['junk.tar.gz']);
  });

  it('a backup taken while requests are being submitted restores to one moment: every request with its items', async () => {
    const ministryId = (await buildMinistry(t.ctx.db, { defaultTier: 'C' })).id;
    const agent = await sessionAgent(t.app, (await buildUser(t.ctx.db, { role: 'requester' })).id);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const today = todayIn(t.ctx.config.churchTimeZone);
    const submit = async (i: number) => {
      const form = new FormData();
      form.append(
        'request',
        JSON.stringify({
          eventTitle: `Busy ${i}`,
          ministryId,
          promotionStartDate: addDaysIso(today, 20),
          eventStartDate: addDaysIso(today, 41),
          descriptionShort: 'A dinner.',
          descriptionLong: 'Food and music.',
          targetAudience: 'Families',
          tier: 'C',
          includedChannels: ['sunday_slide', 'social_media_story'],
          additionalChannels: {},
          planningCenterAdded: true,
        }),
      );
      const res = await fetch(`${base}/api/requests`, {
        method: 'POST',
        headers: { cookie: agent.cookie, 'x-csrf-token': agent.csrfToken, origin: base, 'idempotency-key': randomUUID() },
        body: form,
      });
      expect(res.status, await res.text()).toBe(201);
    };
    let sent = 0;
    let last = Infinity;
    const writers = [0, 1].map(async (w) => {
      while (sent < last) await submit(w * 1000 + sent++);
    });
    // Wait until submissions are flowing, then back up in the middle of them. The writers stop a
    // bounded number of submissions later: on the embedded database they share the backup's one
    // thread, and left to run they would starve its archiving for as long as they were let.
    while (sent < 3) await new Promise((r) => setImmediate(r));
    const backup = backUpNow(t.ctx, 7);
    last = sent + 30;
    const made = await backup;
    await Promise.all(writers);
    // One more lands after the backup, which the restore must leave out.
    await submit(sent++);

    const target = await emptyTarget(backend);
    targets.push(target.drop);
    await restoreBackup(made.file, target.config, { force: false }); // it checks every table's count against the manifest
    const rows = await target.rows();
    const busy = rows['public.requests']
      .map((r) => JSON.parse(r) as { id: string; event_title: string })
      .filter((r) => r.event_title.startsWith('Busy '));
    const items = rows['public.request_items'].map((r) => JSON.parse(r) as { request_id: string });
    expect(busy.length).toBeGreaterThan(0);
    expect(busy.length).toBeLessThan(sent);
    for (const request of busy) expect(items.filter((i) => i.request_id === request.id)).toHaveLength(2);
    const busyIds = new Set(busy.map((b) => b.id));
    const sourceIds = new Set((await sourceQuery(t)(`select id from requests where event_title like 'Busy %'`)).map((r) => String(r.id)));
    expect([...busyIds].every((id) => sourceIds.has(id))).toBe(true);
  });
});

describe.skipIf(!ON_POSTGRES)('pg_dump and the server', () => {
  it('pg_dump is at least the server major version here, so PostgreSQL backups run', async () => {
    const { toolMajor } = await import('./database-dump');
    expect(await toolMajor('pg_dump')).not.toBeNull();
  });
});

describe('on the embedded database the commands need the app stopped', () => {
  it('backup and restore refuse while another process holds the data directory, saying to stop it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-locked-'));
    try {
      // The lock of a running app: a live process (this test's parent) holds it.
      fs.writeFileSync(path.join(dataDir, 'lampstand.lock'), String(process.ppid));
      const config = { dataDir, databaseUrl: null, s3: null, backupDir: path.join(dataDir, 'backups') } as Config;
      await expect(backupCommand(config, config.backupDir)).rejects.toThrow(
        new RegExp(`^Lampstand is running on ${dataDir}: stop it first, a backup on the embedded database runs with the app stopped`),
      );
      expect(fs.existsSync(config.backupDir)).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
