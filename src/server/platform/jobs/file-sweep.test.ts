import fs from 'node:fs';
import path from 'node:path';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../db/schema';
import { planningFiles, requestAssets } from '../db/schema';
import { diskBlobStore, isMissingFile, type BlobStore } from '../files/blob-store';
import { s3BlobStore } from '../files/s3-blob-store';
import { BACKENDS, createTestApp, type TestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { startS3Peer, type S3Peer } from '../../test/s3-peer';
import { buildRequest } from '../../test/task-fixtures';
import { FILE_REFERENCES, fileSweepJob, sweepUnreferencedFiles, UNREFERENCED_FILE_AGE_MS } from './file-sweep';
import { runIfDue } from './scheduler';

/**
 * The sweep of stored files no row refers to: on disk and in an S3 bucket (a real S3-protocol
 * server), it removes only files that are both unreferenced and older than a day.
 */

const HOUR = 3_600_000;
const bytes = (text: string) => Buffer.from(text);

describe('the tables the sweep asks', () => {
  it('are every table with a column that holds a file store key', () => {
    const holdingKeys = Object.values(schema)
      .filter((value) => is(value, PgTable))
      .map((table) => getTableConfig(table as PgTable))
      .flatMap((config) => config.columns.filter((c) => /storage|blob|file_key/.test(c.name)).map((c) => `${config.name}.${c.name}`));
    const asked = FILE_REFERENCES.map(({ table, column }) => `${getTableConfig(table).name}.${column.name}`);
    expect(asked.sort()).toEqual(holdingKeys.sort());
  });
});

describe.each(BACKENDS)('the sweep of unreferenced files on %s', (backend) => {
  let t: TestApp;
  let peer: S3Peer;
  let s3: BlobStore;
  beforeAll(async () => {
    t = await createTestApp(backend);
    peer = await startS3Peer();
    s3 = s3BlobStore(peer.config);
  });
  afterAll(async () => {
    await s3.close();
    await peer.close();
    await t.close();
  });

  /** Stores four files: one a request refers to, one a Sunday refers to, two nobody does. */
  async function storeFiles(files: BlobStore) {
    const db = t.ctx.db;
    const user = await buildUser(db);
    const request = await buildRequest(db, user.id);
    const asset = await files.put(bytes('asset'), '.png');
    const planning = await files.put(bytes('planning'), '.pdf');
    const orphan = await files.put(bytes('orphan'), '.png');
    const another = await files.put(bytes('another orphan'), '');
    await db
      .insert(requestAssets)
      .values({ requestId: request.id, fileName: 'a.png', storageKey: asset, fileSize: 5, fileType: 'image/png' });
    await db
      .insert(planningFiles)
      .values({ sundayDate: '2030-01-06', fileName: 'p.pdf', storageKey: planning, fileSize: 8, fileType: 'application/pdf' });
    return { asset, planning, orphan, another };
  }

  const exists = async (files: BlobStore, key: string) =>
    files.get(key).then(
      () => true,
      (err: unknown) => {
        if (isMissingFile(err)) return false;
        throw err;
      },
    );

  describe.each(['disk', 'S3'] as const)('in the %s store', (where) => {
    const store = () => (where === 'disk' ? t.ctx.files : s3);

    it('removes a file no row refers to once it is a day old, and never a referenced or a fresh one', async () => {
      const files = store();
      const { asset, planning, orphan, another } = await storeFiles(files);
      // Now: everything is fresh, so nothing goes, referenced or not.
      await sweepUnreferencedFiles(t.ctx.db, files);
      for (const key of [asset, planning, orphan, another]) expect(await exists(files, key)).toBe(true);
      // Just short of a day later: still fresh.
      await sweepUnreferencedFiles(t.ctx.db, files, { now: new Date(Date.now() + UNREFERENCED_FILE_AGE_MS - HOUR) });
      expect(await exists(files, orphan)).toBe(true);
      // A day and more later: the unreferenced ones go, the referenced ones stay.
      const later = new Date(Date.now() + UNREFERENCED_FILE_AGE_MS + HOUR);
      const counts = await sweepUnreferencedFiles(t.ctx.db, files, { now: later });
      expect(counts.removed).toBeGreaterThanOrEqual(2);
      expect(await exists(files, orphan)).toBe(false);
      expect(await exists(files, another)).toBe(false);
      expect(await exists(files, asset)).toBe(true);
      expect(await exists(files, planning)).toBe(true);
      // And again: nothing more to take.
      expect((await sweepUnreferencedFiles(t.ctx.db, files, { now: later })).removed).toBe(0);
      expect(await exists(files, asset)).toBe(true);
    });

    it('looks files up a batch at a time, however many there are', async () => {
      const files = store();
      const { asset } = await storeFiles(files);
      const orphans = await Promise.all(Array.from({ length: 10 }, (_, i) => files.put(bytes(`o${i}`), '.txt')));
      const now = new Date(Date.now() + 2 * UNREFERENCED_FILE_AGE_MS);
      const counts = await sweepUnreferencedFiles(t.ctx.db, files, { now, batchSize: 3 });
      expect(counts.removed).toBeGreaterThanOrEqual(orphans.length);
      for (const key of orphans) expect(await exists(files, key)).toBe(false);
      expect(await exists(files, asset)).toBe(true);
    });
  });

  it('on disk, goes by when a file was written, and leaves alone what is not a stored file', async () => {
    const root = path.join(t.ctx.config.dataDir, 'files');
    const files = diskBlobStore(root);
    const { asset, orphan, another } = await storeFiles(files);
    const twoDaysAgo = new Date(Date.now() - 2 * UNREFERENCED_FILE_AGE_MS);
    for (const key of [asset, orphan]) fs.utimesSync(path.join(root, key.slice(0, 2), key), twoDaysAgo, twoDaysAgo);
    const stranger = path.join(root, orphan.slice(0, 2), 'notes.txt');
    fs.writeFileSync(stranger, 'not ours');
    fs.utimesSync(stranger, twoDaysAgo, twoDaysAgo);
    await sweepUnreferencedFiles(t.ctx.db, files);
    expect(await exists(files, orphan)).toBe(false); // old and unreferenced
    expect(await exists(files, another)).toBe(true); // unreferenced but written just now
    expect(await exists(files, asset)).toBe(true); // old but referenced
    expect(fs.existsSync(stranger)).toBe(true);
  });

  it('runs as a scheduled job, once per interval across instances', async () => {
    const job = fileSweepJob(t.ctx);
    expect(await runIfDue(t.ctx.db, job)).toBe(true);
    expect(await runIfDue(t.ctx.db, fileSweepJob(t.ctx))).toBe(false); // another instance: not due again yet
  });
});
