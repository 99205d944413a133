import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

/** Files live on disk under DATA_DIR/files; keys never come from user input, so no path escapes. */
export interface BlobStore {
  put(data: Buffer, extension: string): Promise<string>;
  get(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
  /** Writes and removes a probe file: the system health check "file store writable". */
  checkWritable(): Promise<void>;
}

/** The stored file is gone (not an unreadable disk or a bad key, which are faults to report). */
export const isMissingFile = (err: unknown): boolean => (err as NodeJS.ErrnoException | null)?.code === 'ENOENT';

const KEY = /^[0-9a-f-]{36}(\.[a-z0-9]{1,8})?$/;

export function diskBlobStore(root: string): BlobStore {
  const full = (key: string) => {
    if (!KEY.test(key)) throw new Error('Invalid file key');
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    async put(data, extension) {
      const ext = extension.toLowerCase().replace(/[^a-z0-9.]/g, '');
      const key = `${randomUUID()}${ext.startsWith('.') ? ext : ext ? '.' + ext : ''}`;
      const file = full(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, data);
      return key;
    },
    get: (key) => fs.readFile(full(key)),
    async remove(key) {
      await fs.rm(full(key), { force: true });
    },
    async checkWritable() {
      await fs.mkdir(root, { recursive: true });
      const probe = path.join(root, `.probe-${randomUUID()}`);
      await fs.writeFile(probe, 'ok');
      await fs.rm(probe);
    },
  };
}
