import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { TEMPLATE_DIR } from './data-dirs';

/**
 * Migrates and seeds the demo church into one embedded database before any flow runs; every flow
 * server starts on a copy of it (fixtures.ts). Migrating and seeding took each server about 6 of
 * its 10 s of start on a slow 2-core machine, once for each of the 25 spec files; a copy of a
 * cleanly closed database is the same church, made the same day.
 */
export default function globalSetup() {
  fs.rmSync(TEMPLATE_DIR, { recursive: true, force: true });
  execFileSync(process.execPath, ['--import', 'tsx', 'src/server/cli/seed-demo.ts'], {
    env: { ...process.env, DATA_DIR: TEMPLATE_DIR, DATABASE_URL: '', SMTP_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
