import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { TEMPLATE_DIR } from './data-dirs';
import { createFlowsTemplate, flowsServerUrl, onPostgres } from './flow-database';
import { bundleFlowServer } from './flow-server';
import { SESSIONS_FILE } from './sessions';

/**
 * Bundles the flow server (flow-server.ts), then migrates and seeds the demo church once, with the
 * sessions the flows start signed in with (seed-template.ts), before any flow runs; every flow
 * server starts on a copy of it (fixtures.ts). A copy of a cleanly closed database is the same
 * church, made the same day, so no server migrates or seeds for itself.
 *
 * The church is on the PostgreSQL server of DATABASE_URL when there is one, in a template database
 * this run drops at its end, and on the embedded database otherwise (flow-database.ts). Its files,
 * and on PostgreSQL the day's backup (decision 0054: on with BACKUP_DIR), are in the template's
 * data directory either way.
 */
export default async function globalSetup() {
  await bundleFlowServer();
  fs.rmSync(TEMPLATE_DIR, { recursive: true, force: true });
  fs.rmSync(SESSIONS_FILE, { force: true });
  const serverUrl = flowsServerUrl();
  const template = serverUrl ? await createFlowsTemplate(serverUrl) : null;
  const database = template ? { DATABASE_URL: template.url, ...onPostgres('http://127.0.0.1', TEMPLATE_DIR) } : { DATABASE_URL: '' };
  try {
    execFileSync(process.execPath, ['--import', 'tsx', 'tests/e2e/seed-template.ts'], {
      env: { ...process.env, DATA_DIR: TEMPLATE_DIR, ...database, SMTP_URL: '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  } catch (err) {
    await template?.remove();
    throw err;
  }
  return () => template?.remove();
}
