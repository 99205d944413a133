import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startS3Peer, type S3Peer } from '../../test/s3-peer';
import { s3BlobStore } from '../files/s3-blob-store';
import { openFileSet } from './file-set';

let peer: S3Peer;
beforeAll(async () => {
  peer = await startS3Peer();
});
afterAll(async () => peer.close());

it('in a bucket: lists every stored file by its path (probes left out), copies them out and back in at the same path', async () => {
  const store = s3BlobStore(peer.config);
  const keys = [await store.put(Buffer.from('one'), 'png'), await store.put(Buffer.from('two'), 'pdf')];
  await store.checkWritable();
  const set = await openFileSet({ dataDir: '/nowhere', s3: peer.config });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-fileset-'));
  try {
    const names = keys.map((k) => `${k.slice(0, 2)}/${k}`).sort();
    expect(await set.list()).toEqual(names);
    for (const name of names) await set.copyOut(name, path.join(work, name));
    expect(
      fs.readFileSync(
        path.join(
          work,
          names.find((n) => n.endsWith('.png'))!,
        ),
        'utf8',
      ),
    ).toBe('one');
    for (const key of keys) await store.remove(key);
    expect(await set.list()).toEqual([]);
    for (const name of names) await set.copyIn(path.join(work, name), name);
    expect((await store.get(keys[1])).toString()).toBe('two');
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    await set.close();
    await store.close();
  }
});
