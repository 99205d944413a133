import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { TEMPLATE_DIR } from './data-dirs';
import { bundleFlowServer } from './flow-server';
import { SESSIONS_FILE } from './sessions';

/**
 * Bundles the flow server (flow-server.ts), then migrates and seeds the demo church once, with the
 * sessions the flows start signed in with (seed-template.ts), before any flow runs; every flow
 * server starts on a copy of it (fixtures.ts). A copy of a cleanly closed database is the same
 * church, made the same day, so no server migrates or seeds for itself.
 */
export default async function globalSetup() {
  await bundleFlowServer();
  fs.rmSync(TEMPLATE_DIR, { recursive: true, force: true });
  fs.rmSync(SESSIONS_FILE, { force: true });
  execFileSync(process.execPath, ['--import', 'tsx', 'tests/e2e/seed-template.ts'], {
    env: { ...process.env, DATA_DIR: TEMPLATE_DIR, DATABASE_URL: '', SMTP_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
