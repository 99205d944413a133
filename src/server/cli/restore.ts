import '../platform/require-node';
import { parseArgs } from 'node:util';
import path from 'node:path';
import { ConfigError, loadConfig } from '../platform/config';
import { BackupError } from '../platform/backup/database-dump';
import { restoreBackup } from '../platform/backup/restore';

/**
 * `npm run restore -- FILE [--force]`: restores a backup into an empty data directory or database.
 * A target that holds data is refused; --force replaces it, after saying what it replaces.
 */
const USAGE = 'Usage: npm run restore -- /path/to/lampstand-backup-....tar.gz [--force]';

let file: string | undefined;
let force = false;
try {
  const parsed = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
  if (parsed.positionals.length !== 1) throw new Error('Name one backup file to restore.');
  file = parsed.positionals[0];
  force = parsed.values.force ?? false;
} catch (err) {
  console.error((err as Error).message);
  console.error(USAGE);
  process.exit(2);
}
try {
  const config = loadConfig();
  const { manifest } = await restoreBackup(path.resolve(file!), config, { force, say: (line) => console.log(line) });
  console.log(`Restored the backup of ${manifest.createdAt} (Lampstand ${manifest.appVersion}). Start Lampstand to use it.`);
} catch (err) {
  console.error(err instanceof BackupError || err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
