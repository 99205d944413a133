import { DEFAULT_BACKUP_KEEP } from '../../../shared/api/backups';
import type { Config } from '../config';
import type { AppContext } from '../context';
import { platformLog } from '../log';
import { getSetting } from '../settings';
import { createBackup, listBackups, pruneBackups, type BackupResult, type BackupSource, type DatabaseKind } from './backup';
import { openFileSet } from './file-set';
import { claimJob, markJobRun, releaseJob } from '../jobs/scheduler';

/** The scheduler's name for the backup job in job_runs. */
export const BACKUP_JOB = 'scheduled_backup';
/**
 * The job looks every hour whether a day has passed since the newest archive in the backup
 * directory (one made by `npm run backup` counts too), so turning backups on takes effect within
 * the hour. The margin keeps an hourly tick from slipping a day each day.
 */
export const BACKUP_CHECK_INTERVAL_MS = 60 * 60 * 1000;
export const BACKUP_EVERY_MS = 24 * 60 * 60 * 1000 - 10 * 60 * 1000;
/** System Health warns when the newest backup is older than this while scheduled backups are on. */
export const BACKUP_STALE_MS = 2 * 24 * 60 * 60 * 1000;

export interface BackupSchedule {
  enabled: boolean;
  keep: number;
  /** Whether an admin has chosen (else the deployment's default). */
  chosen: boolean;
}

/** On by default for the embedded database; on PostgreSQL only when BACKUP_DIR names a directory. */
export const backupsOnByDefault = (kind: DatabaseKind, config: Pick<Config, 'backupDirConfigured'>): boolean =>
  kind === 'pglite' || config.backupDirConfigured;

export async function backupSchedule(ctx: Pick<AppContext, 'db' | 'config' | 'database'>): Promise<BackupSchedule> {
  const stored = await getSetting(ctx.db, 'scheduledBackups');
  if (stored) return { ...stored, chosen: true };
  return { enabled: backupsOnByDefault(ctx.database.kind, ctx.config), keep: DEFAULT_BACKUP_KEEP, chosen: false };
}

/** What a backup inside the running app reads: its own PGlite client, or its PostgreSQL URL. */
export function appBackupSource(ctx: AppContext): BackupSource {
  if (ctx.database.kind === 'pglite') return { kind: 'pglite', client: ctx.database.pglite! };
  return { kind: 'pg', url: ctx.database.url! };
}

/** One backup of the running app into the backup directory, then the retention. */
export async function backUpNow(ctx: AppContext, keep: number, now = new Date()): Promise<BackupResult> {
  const files = await openFileSet(ctx.config);
  try {
    const made = await createBackup(appBackupSource(ctx), files, ctx.config.backupDir, now);
    const pruned = await pruneBackups(ctx.config.backupDir, keep);
    platformLog().info({ backup: made.name, size: made.size, pruned }, `backup written to ${made.file}`);
    return made;
  } finally {
    await files.close();
  }
}

/** The scheduled run: a backup when they are on and the newest is a day old (or there is none). */
export async function runScheduledBackup(ctx: AppContext, now = new Date()): Promise<BackupResult | null> {
  const schedule = await backupSchedule(ctx);
  if (!schedule.enabled) return null;
  const [newest] = await listBackups(ctx.config.backupDir);
  if (newest && now.getTime() - newest.createdAt.getTime() < BACKUP_EVERY_MS) return null;
  return backUpNow(ctx, schedule.keep, now);
}

/**
 * A backup an admin asks for now: one at a time with the scheduled one, on any instance (it holds
 * the backup job's lease while it runs; null when another backup holds it). Counts as the day's run.
 */
export async function backUpOnRequest(ctx: AppContext, now = new Date()): Promise<BackupResult | null> {
  if (!(await claimJob(ctx.db, BACKUP_JOB, 0))) return null;
  let made: BackupResult;
  try {
    made = await backUpNow(ctx, (await backupSchedule(ctx)).keep, now);
  } catch (err) {
    await releaseJob(ctx.db, BACKUP_JOB);
    throw err;
  }
  await markJobRun(ctx.db, BACKUP_JOB);
  return made;
}

export const backupJob = (ctx: AppContext) => ({
  name: BACKUP_JOB,
  intervalMs: BACKUP_CHECK_INTERVAL_MS,
  run: () => runScheduledBackup(ctx),
});

export interface BackupHealth {
  status: 'Passed' | 'Warning';
  summary: string;
  details: string;
}

const age = (ms: number) => {
  const hours = ms / 3_600_000;
  return hours < 48 ? `${Math.max(0, Math.round(hours))} hours` : `${Math.round(hours / 24)} days`;
};

/** The System Health line: the age of the newest good backup; a warning when it is missing or stale while scheduled backups are on. */
export async function backupHealth(ctx: Pick<AppContext, 'db' | 'config' | 'database'>, now = new Date()): Promise<BackupHealth> {
  const schedule = await backupSchedule(ctx);
  const [newest] = await listBackups(ctx.config.backupDir);
  const where = `Backups go to ${ctx.config.backupDir}; scheduled backups are ${schedule.enabled ? `on, keeping ${schedule.keep}` : 'off'}.`;
  if (!newest) {
    return schedule.enabled
      ? { status: 'Warning', summary: 'There is no backup yet.', details: where }
      : { status: 'Passed', summary: 'Scheduled backups are off and there is no backup.', details: where };
  }
  const ageMs = now.getTime() - newest.createdAt.getTime();
  const details = `${newest.name} at ${newest.createdAt.toISOString()}. ${where}`;
  if (schedule.enabled && ageMs > BACKUP_STALE_MS) {
    return { status: 'Warning', summary: `The last backup is ${age(ageMs)} old.`, details };
  }
  return { status: 'Passed', summary: `The last backup is ${age(ageMs)} old.`, details };
}
