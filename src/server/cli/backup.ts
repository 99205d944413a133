import '../platform/require-node';
import { parseArgs } from 'node:util';
import path from 'node:path';
import { ConfigError, loadConfig } from '../platform/config';
import { BackupError } from '../platform/backup/database-dump';
import { backupCommand } from '../platform/backup/restore';

/** `npm run backup [-- --dir DIR]`: one archive of the whole church (database and files); decision 0054. */
const USAGE = 'Usage: npm run backup [-- --dir /path/to/backups]   (default: BACKUP_DIR, else DATA_DIR/backups)';

let dir: string | undefined;
try {
  dir = parseArgs({ options: { dir: { type: 'string' } } }).values.dir;
} catch (err) {
  console.error((err as Error).message);
  console.error(USAGE);
  process.exit(2);
}
try {
  const config = loadConfig();
  const made = await backupCommand(config, dir ? path.resolve(dir) : config.backupDir);
  const rows = Object.entries(made.manifest.tables)
    .filter(([t]) => t.startsWith('public.'))
    .reduce((sum, [, n]) => sum + n, 0);
  console.log(
    `Backup written to ${made.file} (${(made.size / 1024 / 1024).toFixed(1)} MB: ${rows} rows in ${Object.keys(made.manifest.tables).length} tables, ${made.manifest.files.count} files).`,
  );
} catch (err) {
  console.error(err instanceof BackupError || err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
