import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';

/**
 * The church's stored files as a backup sees them: every object by its path under DATA_DIR/files
 * (`ab/ab12....pdf`, the same name in an S3 bucket), read into the archive and written back at the
 * same path on restore, so the database's keys find their files again.
 */
export interface FileSet {
  /** Where the files are, for messages: a directory or `s3://bucket at endpoint`. */
  where: string;
  /** Every stored file's path, probe files of the health check left out. */
  list(): Promise<string[]>;
  /** Copies one file to `dest` on disk. */
  copyOut(name: string, dest: string): Promise<void>;
  /** Stores `source` (a file on disk) at `name`. */
  copyIn(source: string, name: string): Promise<void>;
  close(): Promise<void>;
}

/** A stored file's path: a two-character folder and a key (UUID and extension), nothing else. */
const STORED_PATH = /^[0-9a-f-]{2}\/[0-9a-f-]{36}(\.[a-z0-9]{1,8})?$/;
export const isStoredPath = (name: string): boolean => STORED_PATH.test(name);

export function diskFileSet(root: string): FileSet {
  return {
    where: root,
    async list() {
      const names: string[] = [];
      let folders: string[];
      try {
        folders = await fs.readdir(root);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw err;
      }
      for (const folder of folders.sort()) {
        const stat = await fs.stat(path.join(root, folder));
        if (!stat.isDirectory()) continue;
        for (const file of (await fs.readdir(path.join(root, folder))).sort()) {
          const name = `${folder}/${file}`;
          if (isStoredPath(name)) names.push(name);
        }
      }
      return names;
    },
    async copyOut(name, dest) {
      await fs.mkdir(path.dirname(dest), { recursive: true });
      await fs.copyFile(path.join(root, name), dest);
    },
    async copyIn(source, name) {
      const target = path.join(root, name);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.copyFile(source, target);
    },
    close: async () => {},
  };
}

async function s3FileSet(s3: NonNullable<Config['s3']>): Promise<FileSet> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: s3.forcePathStyle,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
  const Bucket = s3.bucket;
  return {
    where: `s3://${Bucket} at ${s3.endpoint}`,
    async list() {
      const names: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const o of page.Contents ?? []) if (o.Key && isStoredPath(o.Key)) names.push(o.Key);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return names.sort();
    },
    async copyOut(name, dest) {
      const res = await client.send(new GetObjectCommand({ Bucket, Key: name }));
      await fs.mkdir(path.dirname(dest), { recursive: true });
      await fs.writeFile(dest, await res.Body!.transformToByteArray());
    },
    async copyIn(source, name) {
      const body = await fs.readFile(source);
      await client.send(new PutObjectCommand({ Bucket, Key: name, Body: body, ContentLength: body.length }));
    },
    async close() {
      client.destroy();
    },
  };
}

/** The configured store's files: the S3 bucket when the S3_* variables are set, else DATA_DIR/files. */
export async function openFileSet(config: Pick<Config, 'dataDir' | 's3'>): Promise<FileSet> {
  return config.s3 ? s3FileSet(config.s3) : diskFileSet(path.join(config.dataDir, 'files'));
}
