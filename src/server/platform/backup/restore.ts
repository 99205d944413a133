import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config';
import { MIGRATIONS_FOLDER } from '../db/client';
import { acquireDataDirLock, DataDirLockedError } from '../db/lock';
import {
  createBackup,
  DATABASE_LABEL,
  unpackBackup,
  readManifest,
  type BackupManifest,
  type BackupResult,
  type DatabaseKind,
} from './backup';
import { BackupError, loadPglite, openRawPglite, pgliteCounts, postgresCounts, restorePostgres, type TableCounts } from './database-dump';
import { diskFileSet, openFileSet, type FileSet } from './file-set';

/** Scheduler bookkeeping, not the church's data: a freshly started, empty install has rows here. */
const NOT_CHURCH_DATA = new Set(['public.job_runs']);

const churchRows = (counts: TableCounts) =>
  Object.entries(counts).reduce((sum, [table, n]) => (table.startsWith('public.') && !NOT_CHURCH_DATA.has(table) ? sum + n : sum), 0);

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** What a data set holds, in words: "12 requests, 8 people and 1,204 rows in all". */
function described(counts: TableCounts): string {
  return `${plural(counts['public.requests'] ?? 0, 'request')}, ${plural(counts['public.users'] ?? 0, 'person', 'people')} and ${plural(churchRows(counts), 'row')} in all`;
}

/**
 * Holds the data directory while the command runs: on the embedded database only one process may
 * open it, so a running app makes the command refuse, saying so.
 */
export function lockForCommand(dataDir: string, command: string): () => void {
  try {
    return acquireDataDirLock(dataDir);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      throw new BackupError(
        `Lampstand is running on ${dataDir}: stop it first, ${command} on the embedded database runs with the app stopped. (${err.message}) While the app runs, its scheduled backups (Admin > Admin Settings > Backups) go to the backup directory.`,
      );
    }
    throw err;
  }
}

async function migrationsKnown(): Promise<number> {
  const journal = JSON.parse(await fs.readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await fs.readdir(dir)).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}

/** What the target holds now: null for nothing (an empty or only migrated database and no files). */
async function whatItHolds(kind: DatabaseKind, config: Config, files: FileSet): Promise<string | null> {
  const parts: string[] = [];
  if (kind === 'pglite') {
    const dir = path.join(config.dataDir, 'db');
    if (!(await isEmptyDir(dir))) {
      try {
        const client = await openRawPglite(dir);
        try {
          const counts = await pgliteCounts(client);
          if (churchRows(counts) > 0) parts.push(`the embedded database in ${dir} (${described(counts)})`);
        } finally {
          await client.close();
        }
      } catch (err) {
        parts.push(`the data in ${dir} (it could not be opened: ${(err as Error).message})`);
      }
    }
  } else {
    const counts = await postgresCounts(config.databaseUrl!);
    if (churchRows(counts) > 0) parts.push(`the PostgreSQL database ${redacted(config.databaseUrl!)} (${described(counts)})`);
  }
  const stored = (await files.list()).length;
  if (stored > 0) parts.push(`${plural(stored, 'file')} in ${files.where}`);
  return parts.length ? parts.join(' and ') : null;
}

const redacted = (url: string) => {
  const u = new URL(url);
  u.password = '';
  return u.toString();
};

function checkCounts(expected: TableCounts, restored: TableCounts): void {
  const wrong = Object.entries(expected).filter(([table, n]) => restored[table] !== n);
  if (wrong.length) {
    throw new BackupError(
      `The restored database does not match the backup's manifest: ${wrong.map(([t, n]) => `${t} has ${restored[t] ?? 'no table'}, the backup ${n}`).join('; ')}.`,
    );
  }
}

export interface RestoreOptions {
  /** Replace a target that holds data; without it such a target is refused. */
  force: boolean;
  /** Progress lines for the operator. */
  say?: (line: string) => void;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** What was replaced (with force), or null when the target was empty. */
  replaced: string | null;
}

/**
 * Restores an archive into the configured database and file store. The archive must be of the
 * same kind of database (decision 0054: each is that database's own dump, so a PGlite backup
 * restores into PGlite and a PostgreSQL one into PostgreSQL). A target that holds data is refused
 * unless `force`, and then what it held is named before it is replaced.
 */
export async function restoreBackup(archive: string, config: Config, opts: RestoreOptions): Promise<RestoreResult> {
  const say = opts.say ?? (() => {});
  const manifest = await readManifest(archive);
  const kind: DatabaseKind = config.databaseUrl ? 'pg' : 'pglite';
  if (manifest.database !== kind) {
    throw new BackupError(
      `This backup is of ${DATABASE_LABEL[manifest.database]}, and this Lampstand is set up for ${DATABASE_LABEL[kind]}${kind === 'pg' ? ' (DATABASE_URL is set)' : ' (DATABASE_URL is not set)'}. A backup restores only into the kind of database it was taken from: ${manifest.database === 'pg' ? 'set DATABASE_URL to an empty PostgreSQL database' : 'unset DATABASE_URL and set DATA_DIR to an empty directory'}.`,
    );
  }
  if (manifest.migrations > (await migrationsKnown())) {
    throw new BackupError(
      `This backup was made by a newer Lampstand (${manifest.appVersion}) with a newer database schema; upgrade Lampstand to restore it.`,
    );
  }
  const release = kind === 'pglite' ? lockForCommand(config.dataDir, 'a restore') : () => {};
  const files = await openFileSet(config);
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'lampstand-restore-'));
  try {
    const held = await whatItHolds(kind, config, files);
    if (held && !opts.force) {
      throw new BackupError(
        `The target is not empty: it holds ${held}. A restore goes into an empty database and file store. To replace what is there with the backup, run the restore again with --force.`,
      );
    }
    if (held) say(`Replacing ${held} with the backup of ${manifest.createdAt}.`);
    say(
      `Unpacking ${archive} (${DATABASE_LABEL[manifest.database]}, ${described(manifest.tables)}, ${plural(manifest.files.count, 'file')}).`,
    );
    await unpackBackup(archive, work);
    const dump = path.join(work, 'database', manifest.dump.file);

    if (kind === 'pglite') {
      const dbDir = path.join(config.dataDir, 'db');
      const incoming = `${dbDir}.restoring`;
      await fs.rm(incoming, { recursive: true, force: true });
      checkCounts(manifest.tables, await loadPglite(dump, incoming));
      await swapInto(incoming, dbDir);
    } else {
      checkCounts(manifest.tables, await restorePostgres(config.databaseUrl!, dump, manifest.dump.toolMajor ?? 0));
    }
    say('The database is restored.');

    const unpacked = diskFileSet(path.join(work, 'files'));
    const names = await unpacked.list();
    if (!config.s3) {
      // On disk the restored files replace the directory whole, so no file of the replaced church stays.
      const filesDir = path.join(config.dataDir, 'files');
      const incoming = `${filesDir}.restoring`;
      await fs.rm(incoming, { recursive: true, force: true });
      await fs.mkdir(incoming, { recursive: true });
      const into = diskFileSet(incoming);
      for (const name of names) await into.copyIn(path.join(work, 'files', name), name);
      await swapInto(incoming, filesDir);
    } else {
      // A bucket is written object by object; objects the backup does not hold are left where they are.
      for (const name of names) await files.copyIn(path.join(work, 'files', name), name);
    }
    if (names.length !== manifest.files.count) {
      throw new BackupError(`The backup's manifest lists ${manifest.files.count} files but the archive holds ${names.length}.`);
    }
    say(`${plural(names.length, 'file')} restored to ${files.where}.`);
    return { manifest, replaced: held };
  } finally {
    await fs.rm(work, { recursive: true, force: true });
    await files.close();
    release();
  }
}

/** Puts `incoming` at `target`, the old one (if any) removed only once the new one is in place. */
async function swapInto(incoming: string, target: string): Promise<void> {
  const old = `${target}.replaced`;
  await fs.rm(old, { recursive: true, force: true });
  const had = await fs
    .stat(target)
    .then(() => true)
    .catch(() => false);
  if (had) await fs.rename(target, old);
  await fs.rename(incoming, target);
  await fs.rm(old, { recursive: true, force: true });
}

/**
 * `npm run backup`: one archive of the configured database and file store into `dir`. On the
 * embedded database it holds the data-dir lock (so the app must be stopped) and opens the database
 * as it is, without migrating it.
 */
export async function backupCommand(config: Config, dir: string): Promise<BackupResult> {
  const files = await openFileSet(config);
  try {
    if (config.databaseUrl) return await createBackup({ kind: 'pg', url: config.databaseUrl }, files, dir);
    const release = lockForCommand(config.dataDir, 'a backup');
    try {
      const dbDir = path.join(config.dataDir, 'db');
      if (await isEmptyDir(dbDir)) throw new BackupError(`There is no embedded database in ${dbDir} to back up.`);
      const client = await openRawPglite(dbDir);
      try {
        return await createBackup({ kind: 'pglite', client }, files, dir);
      } finally {
        await client.close();
      }
    } finally {
      release();
    }
  } finally {
    await files.close();
  }
}
