import fs from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import * as tar from 'tar';
import type { PGlite } from '@electric-sql/pglite';
import { MIGRATIONS_FOLDER } from '../db/client';
import type { FileSet } from './file-set';
import { BackupError, dumpPglite, dumpPostgres, type TableCounts } from './database-dump';

/**
 * One backup is one gzipped tar archive: `manifest.json` first, then `database/` (PGlite's
 * data-dir dump, or pg_dump's custom-format file) and `files/` (every stored file at its path).
 * The manifest lets a restore check the archive before touching anything (decision 0054).
 */
export const BACKUP_FORMAT = 'lampstand-backup';
export const BACKUP_FORMAT_VERSION = 1;

export type DatabaseKind = 'pglite' | 'pg';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  appVersion: string;
  database: DatabaseKind;
  createdAt: string;
  /** The dump file under database/ and the tool that made it. */
  dump: { file: string; tool: string; toolMajor: number | null; serverVersion: string | null };
  /** Applied migrations, from drizzle's journal in the snapshot. */
  migrations: number;
  /** Rows per table ('schema.table'), counted in the dump's snapshot. */
  tables: TableCounts;
  files: { count: number; bytes: number };
}

export const DATABASE_LABEL: Record<DatabaseKind, string> = {
  pglite: 'the embedded database (PGlite)',
  pg: 'PostgreSQL',
};

/** Archive names: the UTC time to the millisecond, so the names sort as the backups were made. */
const NAME = /^lampstand-backup-(\d{8}T\d{9}Z)\.tar\.gz$/;
export const isBackupName = (name: string): boolean => NAME.test(name);

export function backupName(at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('.', '');
  return `lampstand-backup-${stamp}.tar.gz`;
}

/** When a backup was made, read from its name. */
export function backupTime(name: string): Date | null {
  const m = NAME.exec(name);
  if (!m) return null;
  const s = m[1];
  return new Date(
    `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}.${s.slice(15, 18)}Z`,
  );
}

let appVersionCache: string | null = null;
export async function appVersion(): Promise<string> {
  appVersionCache ??= (JSON.parse(await fs.readFile(path.join(MIGRATIONS_FOLDER, '..', 'package.json'), 'utf8')) as { version: string })
    .version;
  return appVersionCache;
}

/** What the backup reads: the embedded database's client, or a PostgreSQL URL for pg_dump. */
export type BackupSource = { kind: 'pglite'; client: PGlite } | { kind: 'pg'; url: string };

export interface BackupResult {
  file: string;
  name: string;
  size: number;
  manifest: BackupManifest;
}

/**
 * Writes one archive into `dir` (made if missing) and answers it. The archive is written under a
 * dot-name and renamed when whole, so a name that looks like a backup is always a complete one.
 * The database is dumped first, then the files: a file uploaded meanwhile is in the archive without
 * a row (harmless); files are never changed in place, only added and removed.
 */
export async function createBackup(source: BackupSource, files: FileSet, dir: string, now = new Date()): Promise<BackupResult> {
  await fs.mkdir(dir, { recursive: true });
  const staging = path.join(dir, `.staging-${randomUUID()}`);
  const name = backupName(now);
  const partial = path.join(dir, `.${name}.partial`);
  const file = path.join(dir, name);
  try {
    await fs.mkdir(path.join(staging, 'database'), { recursive: true });
    await fs.mkdir(path.join(staging, 'files'), { recursive: true });
    let dump: BackupManifest['dump'];
    let tables: TableCounts;
    if (source.kind === 'pglite') {
      const dumpFile = 'pglite-data-dir.tar';
      tables = await dumpPglite(source.client, path.join(staging, 'database', dumpFile));
      dump = { file: dumpFile, tool: 'PGlite dumpDataDir', toolMajor: null, serverVersion: null };
    } else {
      const dumpFile = 'postgres.dump';
      const made = await dumpPostgres(source.url, path.join(staging, 'database', dumpFile));
      tables = made.counts;
      dump = { file: dumpFile, tool: made.tool, toolMajor: made.toolMajor, serverVersion: made.serverVersion };
    }
    let bytes = 0;
    const names = await files.list();
    for (const stored of names) {
      const dest = path.join(staging, 'files', stored);
      await files.copyOut(stored, dest);
      bytes += (await fs.stat(dest)).size;
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      appVersion: await appVersion(),
      database: source.kind,
      createdAt: now.toISOString(),
      dump,
      migrations: tables['drizzle.__drizzle_migrations'] ?? 0,
      tables,
      files: { count: names.length, bytes },
    };
    await fs.writeFile(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));
    await tar.c({ gzip: true, file: partial, cwd: staging, portable: true }, ['manifest.json', 'database', 'files']);
    await fs.rename(partial, file);
    return { file, name, size: (await fs.stat(file)).size, manifest };
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
    await fs.rm(partial, { force: true });
  }
}

/** Reads only the manifest from an archive (the first entry), checking it is one of ours. */
export async function readManifest(archive: string): Promise<BackupManifest> {
  let text: string | null = null;
  try {
    await new Promise<void>((resolve, reject) => {
      const parser = new tar.Parser({
        filter: (p) => p === 'manifest.json',
        onReadEntry: (entry) => {
          const chunks: Buffer[] = [];
          entry.on('data', (c: Buffer) => chunks.push(c));
          entry.on('end', () => (text = Buffer.concat(chunks).toString('utf8')));
        },
      });
      parser.on('end', resolve);
      parser.on('error', reject);
      createReadStream(archive).on('error', reject).pipe(parser);
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new BackupError(`There is no file ${archive}.`);
    throw new BackupError(`${archive} is not a Lampstand backup (it could not be read as a gzipped tar archive).`);
  }
  const manifest = (text ? JSON.parse(text) : null) as BackupManifest | null;
  if (!manifest || manifest.format !== BACKUP_FORMAT)
    throw new BackupError(`${archive} is not a Lampstand backup (it has no Lampstand manifest).`);
  if (manifest.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      `${archive} was made by a newer Lampstand (${manifest.appVersion}, backup format ${manifest.formatVersion}); upgrade Lampstand to restore it.`,
    );
  }
  return manifest;
}

/** Unpacks an archive into `dir` and answers its checked manifest. */
export async function unpackBackup(archive: string, dir: string): Promise<BackupManifest> {
  const manifest = await readManifest(archive);
  await fs.mkdir(dir, { recursive: true });
  await tar.x({ file: archive, cwd: dir, strict: true });
  return manifest;
}

export interface StoredBackup {
  name: string;
  size: number;
  createdAt: Date;
}

/** The complete archives in `dir`, newest first (a missing directory has none). */
export async function listBackups(dir: string): Promise<StoredBackup[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const found: StoredBackup[] = [];
  for (const name of names.filter(isBackupName)) {
    const stat = await fs.stat(path.join(dir, name)).catch(() => null);
    if (stat?.isFile() && stat.size > 0) found.push({ name, size: stat.size, createdAt: backupTime(name)! });
  }
  return found.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.name.localeCompare(a.name));
}

/**
 * Keeps the newest `keep` archives and deletes the older ones; answers the deleted names. At least
 * one is always kept, so the newest good backup is never deleted, and only names a backup would
 * have are touched.
 */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const all = await listBackups(dir);
  const doomed = all.slice(Math.max(1, keep));
  for (const b of doomed) await fs.rm(path.join(dir, b.name), { force: true });
  return doomed.map((b) => b.name);
}
