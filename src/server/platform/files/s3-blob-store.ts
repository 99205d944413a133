import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import { checkedKey, isKey, newKey, type BlobStore } from './blob-store';

/**
 * Files in an S3-compatible bucket (decision 0035), through the official client. A file's object
 * name is its path under DATA_DIR/files (`ab/ab12...-....png`: the key's first two characters, then
 * the key), so moving a church from disk to a bucket, or back, is one `aws s3 sync` or `mc mirror`.
 * The bucket stays private: files reach people only through the app's authorized routes, streamed
 * from GetObject.
 */
export const objectName = (key: string): string => `${key.slice(0, 2)}/${checkedKey(key)}`;

export function s3BlobStore(config: S3Config): BlobStore {
  // The SDK warns once, on the first client, that its releases after January 2027 will need Node
  // 22: nine plain lines on stderr in the middle of the JSON log. The release the lockfile holds
  // runs on Node 20, the version the app supports (decision 0012), so this one warning is turned
  // off, unless the operator has set the SDK's own switch; other process warnings still show.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // The SDK's default adds CRC32 checksums to every upload, which several S3-compatible stores
    // (older MinIO, Ceph, some hosted ones) refuse; only operations that require one send it.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    // A store that does not answer fails the request (and the health check) within seconds, not
    // after the operating system's TCP timeout; an idle transfer ends after a minute.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
  const Bucket = config.bucket;
  return {
    async put(data, extension) {
      const key = newKey(extension);
      await client.send(new PutObjectCommand({ Bucket, Key: objectName(key), Body: data, ContentLength: data.length }));
      return key;
    },
    async get(key) {
      const res = await client.send(new GetObjectCommand({ Bucket, Key: objectName(key) }));
      return Buffer.from(await res.Body!.transformToByteArray());
    },
    async stream(key) {
      const res = await client.send(new GetObjectCommand({ Bucket, Key: objectName(key) }));
      // In Node the body is the HTTP response itself (an IncomingMessage): read as it is sent on.
      return { body: res.Body as Readable, size: Number(res.ContentLength) };
    },
    async remove(key) {
      // Deleting a key that is not there succeeds, as fs.rm with force does.
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectName(key) }));
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          const [folder, key, ...rest] = (object.Key ?? '').split('/');
          if (rest.length > 0 || !key || !isKey(key) || folder !== key.slice(0, 2)) continue;
          yield { key, modifiedAt: object.LastModified ?? new Date() };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async checkWritable() {
      const probe = `.probe-${randomUUID()}`;
      await client.send(new PutObjectCommand({ Bucket, Key: probe, Body: 'ok' }));
      await client.send(new DeleteObjectCommand({ Bucket, Key: probe }));
    },
    async close() {
      client.destroy();
    },
  };
}
