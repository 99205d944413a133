import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../platform/config';

/**
 * A real S3-protocol server for the tests (s3rver: the S3 REST API over a temporary directory), on
 * a free port of the loopback interface, with one bucket. `config` is what the S3_* variables
 * would give; `directory` is where s3rver keeps the objects (a test may break one there).
 */
export interface S3Peer {
  config: S3Config;
  directory: string;
  close(): Promise<void>;
}

export const S3_PEER_BUCKET = 'lampstand-files';

export async function startS3Peer(): Promise<S3Peer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: S3_PEER_BUCKET }],
  });
  const { port } = await server.run();
  return {
    config: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket: S3_PEER_BUCKET,
      region: 'us-east-1',
      // s3rver's one account. It refuses any other access key id (403 InvalidAccessKeyId) but does
      // not check version 4 signatures, so a wrong secret goes unnoticed here.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    directory,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
