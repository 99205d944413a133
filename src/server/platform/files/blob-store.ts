import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Config } from '../config';

/** A stored file opened for sending: its bytes as a stream and its length in bytes. */
export interface StoredFile {
  body: Readable;
  size: number;
}

/**
 * Where uploaded files live: on disk under DATA_DIR/files, or in an S3-compatible bucket when the
 * S3_* variables are set (decision 0035). Keys are made here (a UUID and the file's extension) and
 * never come from user input, so no path or object name escapes. Files are sent only through the
 * authorized routes, which stream them from here.
 */
export interface BlobStore {
  put(data: Buffer, extension: string): Promise<string>;
  get(key: string): Promise<Buffer>;
  /** Opens a stored file for streaming; a file that is gone rejects with an error isMissingFile knows. */
  stream(key: string): Promise<StoredFile>;
  remove(key: string): Promise<void>;
  /**
   * Every file kept, with when it was last written, in no particular order: only names newKey
   * could have made (probes and anything else at the place are not files of the store).
   */
  list(): AsyncIterable<ListedFile>;
  /** Writes and removes a probe file: the system health check "file store writable". */
  checkWritable(): Promise<void>;
  /** Lets go of connections (the S3 client's); the disk store has nothing to close. */
  close(): Promise<void>;
}

/** A stored file as the store lists it. */
export interface ListedFile {
  key: string;
  modifiedAt: Date;
}

/**
 * The stored file is gone: ENOENT on disk, NoSuchKey (GetObject) or NotFound (HeadObject) from S3.
 * Not an unreadable disk, a bad key, a missing bucket or refused credentials: faults to report.
 */
export function isMissingFile(err: unknown): boolean {
  const e = err as { code?: string; name?: string } | null;
  return e?.code === 'ENOENT' || e?.name === 'NoSuchKey' || e?.name === 'NotFound';
}

const KEY = /^[0-9a-f-]{36}(\.[a-z0-9]{1,8})?$/;

/** A new key: a random UUID and the extension, cleaned (`.PNG`, `png` and `.png` all give `.png`). */
export function newKey(extension: string): string {
  const ext = extension.toLowerCase().replace(/[^a-z0-9.]/g, '');
  return `${randomUUID()}${ext.startsWith('.') ? ext : ext ? '.' + ext : ''}`;
}

/** Whether `name` is a key newKey could have made. */
export const isKey = (name: string): boolean => KEY.test(name);

/** Refuses anything that is not a key newKey could have made. */
export function checkedKey(key: string): string {
  if (!KEY.test(key)) throw new Error('Invalid file key');
  return key;
}

export function diskBlobStore(root: string): BlobStore {
  const full = (key: string) => path.join(root, key.slice(0, 2), checkedKey(key));
  return {
    async put(data, extension) {
      const key = newKey(extension);
      const file = full(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, data);
      return key;
    },
    get: async (key) => fs.readFile(full(key)),
    async stream(key) {
      const handle = await fs.open(full(key), 'r');
      try {
        const stats = await handle.stat();
        // Opening a directory for reading succeeds on Linux; only the first read would fail, after
        // the answer's status had gone out. Refuse it here, as readFile would (a fault, not a 404).
        if (!stats.isFile()) throw Object.assign(new Error(`EISDIR: not a file, open '${key}'`), { code: 'EISDIR' });
        return { body: handle.createReadStream(), size: stats.size };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },
    async remove(key) {
      await fs.rm(full(key), { force: true });
    },
    async *list() {
      const folders = await fs.readdir(root, { withFileTypes: true }).catch((err: unknown) => {
        if (isMissingFile(err)) return []; // nothing stored yet
        throw err;
      });
      for (const folder of folders) {
        if (!folder.isDirectory() || folder.name.length !== 2) continue;
        for (const name of await fs.readdir(path.join(root, folder.name))) {
          if (!isKey(name) || !name.startsWith(folder.name)) continue;
          const stats = await fs.stat(path.join(root, folder.name, name)).catch(() => null); // removed meanwhile
          if (stats?.isFile()) yield { key: name, modifiedAt: stats.mtime };
        }
      }
    },
    async checkWritable() {
      await fs.mkdir(root, { recursive: true });
      const probe = path.join(root, `.probe-${randomUUID()}`);
      await fs.writeFile(probe, 'ok');
      await fs.rm(probe);
    },
    close: async () => {},
  };
}

/**
 * The configured store: the S3-compatible bucket when config.s3 is set, else DATA_DIR/files. The
 * AWS SDK is loaded only then, so a church keeping files on disk never loads it.
 */
export async function openBlobStore(config: Pick<Config, 'dataDir' | 's3'>): Promise<BlobStore> {
  if (!config.s3) return diskBlobStore(path.join(config.dataDir, 'files'));
  const { s3BlobStore } = await import('./s3-blob-store');
  return s3BlobStore(config.s3);
}
