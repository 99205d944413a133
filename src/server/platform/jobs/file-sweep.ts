import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { planningFiles, requestAssets } from '../db/schema';
import type { BlobStore, ListedFile } from '../files/blob-store';
import { platformLog } from '../log';
import type { ScheduledJob } from './scheduler';

/**
 * Files no row refers to (decision 0052). An upload writes its file first and its row after, in
 * the use case's transaction, and removes the file again when that transaction fails; a deletion
 * removes the files after its rows are gone. A process killed between the two steps leaves a file
 * with no row, which nothing would ever read or remove. This sweep removes such files once they
 * are older than a day: an upload in flight is minutes old at most, so a fresh file is never
 * taken from under it, and a file any row refers to is never touched.
 */
export const FILE_SWEEP_JOB = 'sweep_unreferenced_files';
export const FILE_SWEEP_INTERVAL_MS = 6 * 60 * 60 * 1000;
/** How old a file with no row must be before it is removed. */
export const UNREFERENCED_FILE_AGE_MS = 24 * 60 * 60 * 1000;
/** Files looked up against the tables per query. */
export const FILE_SWEEP_BATCH = 500;

/**
 * Every column that holds a key of the file store. A table that comes to keep files must be
 * named here (the test checks that every `storage_key` column of the schema is), or the sweep
 * would take its files.
 */
export const FILE_REFERENCES = [
  { table: requestAssets, column: requestAssets.storageKey }, // request files and proofs
  { table: planningFiles, column: planningFiles.storageKey }, // Sunday planning files
] as const;

export interface FileSweepCounts {
  /** Files old enough to be looked up. */
  checked: number;
  removed: number;
}

/** The keys among `keys` that some row refers to. */
async function referenced(db: Db, keys: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const { table, column } of FILE_REFERENCES) {
    const rows = await db.select({ key: column }).from(table).where(inArray(column, keys));
    for (const row of rows) found.add(row.key);
  }
  return found;
}

/** Removes the files older than UNREFERENCED_FILE_AGE_MS that no row refers to. */
export async function sweepUnreferencedFiles(
  db: Db,
  files: BlobStore,
  { now = new Date(), batchSize = FILE_SWEEP_BATCH }: { now?: Date; batchSize?: number } = {},
): Promise<FileSweepCounts> {
  const cutoff = now.getTime() - UNREFERENCED_FILE_AGE_MS;
  const counts: FileSweepCounts = { checked: 0, removed: 0 };
  let batch: ListedFile[] = [];
  const sweep = async () => {
    const keys = batch.map((f) => f.key);
    batch = [];
    const kept = await referenced(db, keys);
    for (const key of keys) {
      if (kept.has(key)) continue;
      await files.remove(key);
      counts.removed++;
    }
  };
  for await (const file of files.list()) {
    if (file.modifiedAt.getTime() > cutoff) continue;
    counts.checked++;
    batch.push(file);
    if (batch.length >= batchSize) await sweep();
  }
  if (batch.length > 0) await sweep();
  return counts;
}

/** The sweep as a scheduled job (main.ts registers it); what it removed goes to the log. */
export function fileSweepJob(ctx: { db: Db; files: BlobStore }, intervalMs = FILE_SWEEP_INTERVAL_MS): ScheduledJob {
  return {
    name: FILE_SWEEP_JOB,
    intervalMs,
    run: async () => {
      const counts = await sweepUnreferencedFiles(ctx.db, ctx.files);
      if (counts.removed > 0) platformLog().info({ ...counts }, 'removed stored files no row refers to');
      return counts;
    },
  };
}
