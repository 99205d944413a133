import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Config } from '../config';
import { startS3Peer, type S3Peer } from '../../test/s3-peer';
import { diskBlobStore, isMissingFile, openBlobStore, type BlobStore } from './blob-store';
import { s3BlobStore } from './s3-blob-store';

/**
 * One contract for every file store (decision 0035): the disk store and the S3 store against a
 * real S3-protocol server (s3rver) must keep, send, stream and forget files alike, and tell a file
 * that is gone from a store that is broken.
 */
interface Subject {
  /** A store on the place under test; two stores on the same place see the same files. */
  open(): BlobStore;
  /** Every key kept at the place, probes included. */
  keys(): Promise<string[]>;
  /** Stores that cannot work, each with what is wrong. */
  broken(): Array<[string, BlobStore]>;
}

let peer: S3Peer;
const tmpDirs: string[] = [];
const opened: BlobStore[] = [];
const track = (store: BlobStore) => (opened.push(store), store);

beforeAll(async () => {
  peer = await startS3Peer();
});
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
  await peer.close();
  for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function diskSubject(): Subject {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-blobs-'));
  tmpDirs.push(root);
  return {
    open: () => diskBlobStore(root),
    keys: async () =>
      fs
        .readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name),
    // A root under a regular file: every path beneath fails with ENOTDIR, as an unmounted or
    // read-only disk fails.
    broken: () => [['a root that is not a directory', diskBlobStore('/dev/null/lampstand-files')]],
  };
}

function s3Subject(): Subject {
  const config: S3Config = { ...peer.config };
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  });
  return {
    open: () => track(s3BlobStore(config)),
    keys: async () => {
      const res = await client.send(new ListObjectsV2Command({ Bucket: config.bucket }));
      // Object names are paths as under DATA_DIR/files (`ab/ab12....png`); the key is the last part.
      return (res.Contents ?? []).map((o) => o.Key!.split('/').pop()!);
    },
    broken: () => [
      ['a bucket that does not exist', track(s3BlobStore({ ...config, bucket: 'no-such-bucket' }))],
      ['an access key the store refuses', track(s3BlobStore({ ...config, accessKeyId: 'NOT-A-KEY' }))],
      // A port nothing listens on (the peer's own port is taken by it, port 1 is never ours).
      ['an endpoint that does not answer', track(s3BlobStore({ ...config, endpoint: 'http://127.0.0.1:1' }))],
    ],
  };
}

async function readAll(body: Readable): Promise<{ data: Buffer; chunks: number }> {
  const parts: Buffer[] = [];
  for await (const chunk of body) parts.push(Buffer.from(chunk as Uint8Array));
  return { data: Buffer.concat(parts), chunks: parts.length };
}

const KEY_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.png$/;

describe.each([
  ['on disk', diskSubject],
  ['on an S3-protocol server', s3Subject],
])('the file store %s', (_where, makeSubject) => {
  let subject: Subject;
  let store: BlobStore;
  beforeAll(() => {
    subject = makeSubject();
    store = subject.open();
  });

  it('keeps a file under a new random key of its own making and gives the same bytes back', async () => {
    const data = randomBytes(1000);
    const keys = await Promise.all(['.PNG', 'png', '.p/n\\g'].map((ext) => store.put(data, ext)));
    for (const key of keys) {
      expect(key).toMatch(KEY_SHAPE);
      expect((await store.get(key)).equals(data)).toBe(true);
    }
    expect(new Set(keys).size).toBe(3);
    expect(await store.put(Buffer.from('x'), '')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('streams a stored file with its size, in pieces, exactly as stored', async () => {
    const data = randomBytes(3 * 1024 * 1024 + 17);
    const key = await store.put(data, '.mp4');
    const file = await store.stream(key);
    expect(file.size).toBe(data.length);
    const read = await readAll(file.body);
    expect(read.data.equals(data)).toBe(true);
    // Sent on as it arrives, not gathered into one buffer first.
    expect(read.chunks).toBeGreaterThan(1);
    const empty = await store.stream(await store.put(Buffer.alloc(0), '.txt'));
    expect(empty.size).toBe(0);
    expect((await readAll(empty.body)).data.length).toBe(0);
  });

  it('a second store on the same place sees the same files (another instance of the app)', async () => {
    const key = await store.put(Buffer.from('shared'), '.pdf');
    const other = subject.open();
    expect((await other.get(key)).toString()).toBe('shared');
    await other.remove(key);
    await expect(store.get(key)).rejects.toSatisfy(isMissingFile);
  });

  it('forgets a removed file: reading or streaming it is "missing", removing it again is fine', async () => {
    const kept = await store.put(Buffer.from('kept'), '.png');
    const gone = await store.put(Buffer.from('gone'), '.png');
    await store.remove(gone);
    await expect(store.get(gone)).rejects.toSatisfy(isMissingFile);
    await expect(store.stream(gone)).rejects.toSatisfy(isMissingFile);
    await expect(store.remove(gone)).resolves.toBeUndefined();
    const never = `${randomUUID()}.png`;
    await expect(store.stream(never)).rejects.toSatisfy(isMissingFile);
    const keys = await subject.keys();
    expect(keys).toContain(kept);
    expect(keys).not.toContain(gone);
  });

  it('refuses keys it could not have made, before touching the store', async () => {
    for (const key of ['../../etc/passwd', `${randomUUID()}/../x.png`, 'ABC.png', `${randomUUID()}.png/`, '']) {
      await expect(store.get(key), key).rejects.toThrow('Invalid file key');
      await expect(store.stream(key), key).rejects.toThrow('Invalid file key');
      await expect(store.remove(key), key).rejects.toThrow('Invalid file key');
    }
  });

  it('lists the files it keeps with when each was written, and nothing that is not one of its files', async () => {
    const before = Date.now() - 60_000;
    const key = await store.put(Buffer.from('listed'), '.txt');
    const listed: { key: string; modifiedAt: Date }[] = [];
    for await (const file of store.list()) listed.push(file);
    const mine = listed.find((f) => f.key === key);
    expect(mine).toBeDefined();
    expect(mine!.modifiedAt.getTime()).toBeGreaterThan(before);
    expect(mine!.modifiedAt.getTime()).toBeLessThan(Date.now() + 60_000);
    expect(listed.every((f) => /^[0-9a-f-]{36}(\.[a-z0-9]{1,8})?$/.test(f.key))).toBe(true); // no probe, nothing else
    await store.remove(key);
    for await (const file of store.list()) expect(file.key).not.toBe(key);
  });

  it('checkWritable writes a probe and takes it away again', async () => {
    const before = (await subject.keys()).sort();
    await store.checkWritable();
    expect((await subject.keys()).sort()).toEqual(before);
  });

  it('a broken store fails its write check, and its faults are not "missing file"', async () => {
    for (const [what, broken] of subject.broken()) {
      await expect(broken.checkWritable(), what).rejects.toThrow();
      await expect(broken.put(Buffer.from('x'), '.png'), what).rejects.toThrow();
      const err = await broken.stream(`${randomUUID()}.png`).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, what).toBeInstanceOf(Error);
      expect(isMissingFile(err), `${what}: ${String(err)}`).toBe(false);
    }
  });
});

describe('disk store faults', () => {
  it('a directory where a file should be is a fault when streamed, not a missing file nor a stream that fails later', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-blobs-'));
    tmpDirs.push(root);
    const store = diskBlobStore(root);
    const key = await store.put(Buffer.from('x'), '.png');
    const file = path.join(root, key.slice(0, 2), key);
    fs.rmSync(file);
    fs.mkdirSync(file);
    const err = await store.stream(key).then(
      () => null,
      (e: unknown) => e,
    );
    expect((err as NodeJS.ErrnoException).code).toBe('EISDIR');
    expect(isMissingFile(err)).toBe(false);
  });
});

describe('isMissingFile', () => {
  const named = (name: string, extra: object = {}) => Object.assign(new Error(name), { name, ...extra });
  it('is a file gone from the disk or the bucket', () => {
    expect(isMissingFile(Object.assign(new Error('x'), { code: 'ENOENT' }))).toBe(true);
    expect(isMissingFile(named('NoSuchKey', { $metadata: { httpStatusCode: 404 } }))).toBe(true);
    expect(isMissingFile(named('NotFound', { $metadata: { httpStatusCode: 404 } }))).toBe(true);
  });
  it('is not a fault of the store, nor nothing', () => {
    for (const code of ['EISDIR', 'EACCES', 'ENOTDIR', 'EIO']) {
      expect(isMissingFile(Object.assign(new Error('x'), { code })), code).toBe(false);
    }
    for (const name of ['NoSuchBucket', 'AccessDenied', 'InvalidAccessKeyId', 'SignatureDoesNotMatch', 'TimeoutError']) {
      expect(isMissingFile(named(name)), name).toBe(false);
    }
    expect(isMissingFile(new Error('Invalid file key'))).toBe(false);
    expect(isMissingFile(null)).toBe(false);
    expect(isMissingFile(undefined)).toBe(false);
  });
});

describe('openBlobStore', () => {
  it('keeps files under DATA_DIR/files without S3 settings, and in the bucket with them', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-data-'));
    tmpDirs.push(dataDir);
    const disk = await openBlobStore({ dataDir, s3: null });
    const onDisk = await disk.put(Buffer.from('disk'), '.png');
    expect(fs.readFileSync(path.join(dataDir, 'files', onDisk.slice(0, 2), onDisk)).toString()).toBe('disk');

    const s3 = track(await openBlobStore({ dataDir, s3: peer.config }));
    const inBucket = await s3.put(Buffer.from('bucket'), '.png');
    expect(fs.existsSync(path.join(dataDir, 'files', inBucket.slice(0, 2), inBucket))).toBe(false);
    expect((await track(s3BlobStore(peer.config)).get(inBucket)).toString()).toBe('bucket');
    await expect(s3.get(onDisk)).rejects.toSatisfy(isMissingFile);
  });
});

describe('moving a church between the disk and a bucket', () => {
  it('DATA_DIR/files copied as it is into the bucket (aws s3 sync) is read by the S3 store, and back', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-blobs-'));
    tmpDirs.push(root);
    const disk = diskBlobStore(root);
    const s3 = track(s3BlobStore(peer.config));
    const client = new S3Client({
      endpoint: peer.config.endpoint,
      region: peer.config.region,
      forcePathStyle: true,
      credentials: { accessKeyId: peer.config.accessKeyId, secretAccessKey: peer.config.secretAccessKey },
    });
    try {
      const fromDisk = await disk.put(randomBytes(500), '.pdf');
      for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())) {
        const file = path.join(entry.parentPath, entry.name);
        const Key = path.relative(root, file).split(path.sep).join('/');
        await client.send(new PutObjectCommand({ Bucket: peer.config.bucket, Key, Body: fs.readFileSync(file) }));
      }
      expect((await s3.get(fromDisk)).equals(await disk.get(fromDisk))).toBe(true);

      const fromBucket = await s3.put(randomBytes(500), '.png');
      const listed = await client.send(new ListObjectsV2Command({ Bucket: peer.config.bucket }));
      const name = listed.Contents!.map((o) => o.Key!).find((k) => k.endsWith(fromBucket))!;
      const object = await client.send(new GetObjectCommand({ Bucket: peer.config.bucket, Key: name }));
      fs.mkdirSync(path.join(root, path.dirname(name)), { recursive: true });
      fs.writeFileSync(path.join(root, name), await object.Body!.transformToByteArray());
      expect((await disk.get(fromBucket)).equals(await s3.get(fromBucket))).toBe(true);
    } finally {
      client.destroy();
    }
  });
});
