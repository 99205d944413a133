import { z } from 'zod';

/**
 * Backups on Admin Settings (decision 0054): whether the daily backup runs, how many archives to
 * keep, where they go and the archives there now.
 */
export const BACKUP_KEEP_MIN = 1;
export const BACKUP_KEEP_MAX = 365;
export const DEFAULT_BACKUP_KEEP = 7;

export const BACKUP_MESSAGES = {
  heading: 'Backups',
  explanation:
    'A backup is one archive of the whole church: the database and every uploaded file. Restore one with npm run restore on the server.',
  enabledLabel: 'Back up the whole church every day',
  keepLabel: 'Backups to keep',
  keepInvalid: `Keep between ${BACKUP_KEEP_MIN} and ${BACKUP_KEEP_MAX} backups.`,
  saved: 'Backup settings saved.',
  saveFailed: 'Error saving backup settings',
  fetchFailed: 'Could not load the backups: ',
  listHeading: 'Backups on the server',
  empty: 'No backups yet.',
  backUpNow: 'Back up now',
  backingUp: 'Backing up...',
  backedUp: 'Backup made.',
  backUpFailed: 'Error making the backup',
  running: 'A backup is already running. Try again when it has finished.',
} as const;

/** The stored setting (app_settings 'scheduledBackups'). */
export const scheduledBackupsSchema = z.object({
  enabled: z.boolean(),
  keep: z.number().int().min(BACKUP_KEEP_MIN).max(BACKUP_KEEP_MAX),
});

export const backupSettingsBody = z.object({
  enabled: z.boolean(),
  keep: z
    .number({ error: BACKUP_MESSAGES.keepInvalid })
    .int(BACKUP_MESSAGES.keepInvalid)
    .min(BACKUP_KEEP_MIN, BACKUP_MESSAGES.keepInvalid)
    .max(BACKUP_KEEP_MAX, BACKUP_MESSAGES.keepInvalid),
});
export type BackupSettingsBody = z.infer<typeof backupSettingsBody>;

export const storedBackupSchema = z.object({
  name: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
});
export type StoredBackupEntry = z.infer<typeof storedBackupSchema>;

export const backupsSchema = z.object({
  enabled: z.boolean(),
  keep: z.number().int(),
  /** Whether an admin has chosen; until then `enabled` is the deployment's default. */
  chosen: z.boolean(),
  database: z.enum(['pglite', 'pg']),
  /** The backup directory on the server (BACKUP_DIR or DATA_DIR/backups). */
  directory: z.string(),
  /** Whether BACKUP_DIR names it. */
  directoryConfigured: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
  /** Newest first. */
  backups: z.array(storedBackupSchema),
});
export type BackupsSetting = z.infer<typeof backupsSchema>;
