import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { BACKUP_MESSAGES, type BackupSettingsBody, type BackupsSetting } from '../../../shared/api/backups';
import type { AppContext } from '../../platform/context';
import { users } from '../../platform/db/schema';
import { isBackupName, listBackups } from '../../platform/backup/backup';
import { backUpOnRequest, backupSchedule } from '../../platform/backup/schedule';
import { conflict, notFound } from '../../platform/errors';
import { getSettingRecord, setSetting } from '../../platform/settings';

/** The backups section of Admin Settings: the schedule, where archives go and which are there. */
export async function readBackups(ctx: AppContext): Promise<BackupsSetting> {
  const [schedule, record, stored] = await Promise.all([
    backupSchedule(ctx),
    getSettingRecord(ctx.db, 'scheduledBackups'),
    listBackups(ctx.config.backupDir),
  ]);
  const [by] = record.updatedById
    ? await ctx.db.select({ fullName: users.fullName }).from(users).where(eq(users.id, record.updatedById))
    : [];
  return {
    enabled: schedule.enabled,
    keep: schedule.keep,
    chosen: schedule.chosen,
    database: ctx.database.kind,
    directory: ctx.config.backupDir,
    directoryConfigured: ctx.config.backupDirConfigured,
    updatedAt: record.updatedAt?.toISOString() ?? null,
    updatedByName: by?.fullName ?? null,
    backups: stored.map((b) => ({ name: b.name, size: b.size, createdAt: b.createdAt.toISOString() })),
  };
}

/** One row write: the setting with who changed it. The next scheduled run keeps the new count. */
export async function saveBackupSettings(ctx: AppContext, body: BackupSettingsBody, userId: string): Promise<BackupsSetting> {
  await setSetting(ctx.db, 'scheduledBackups', { enabled: body.enabled, keep: body.keep }, userId);
  return readBackups(ctx);
}

/** Opens one archive of the backup directory for download; only a backup's name, never a path. */
export async function openBackup(ctx: AppContext, name: string): Promise<{ stream: fs.ReadStream; size: number }> {
  if (!isBackupName(name)) throw notFound('There is no such backup.');
  const file = path.join(ctx.config.backupDir, name);
  const stat = await fs.promises.stat(file).catch(() => null);
  if (!stat?.isFile()) throw notFound('There is no such backup.');
  return { stream: fs.createReadStream(file), size: stat.size };
}

/** A backup now, by an admin: 409 while another backup (scheduled or asked for) runs. Answers the list. */
export async function takeBackup(ctx: AppContext): Promise<BackupsSetting> {
  if (!(await backUpOnRequest(ctx))) throw conflict(BACKUP_MESSAGES.running);
  return readBackups(ctx);
}
