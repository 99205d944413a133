import fs from 'node:fs';
import { TEMPLATE_DIR } from './data-dirs';
import { createFlowsTemplate, flowsServerUrl, onPostgres } from './flow-database';
import { makeEmptyChurch } from './empty-church';
import { bundleFlowServer } from './flow-server';
import { runNodeScript } from './node-script';
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
 *
 * Beside it, the church without the demo that the first-run flows start from (empty-church.ts).
 */
export default async function globalSetup() {
  await bundleFlowServer();
  fs.rmSync(TEMPLATE_DIR, { recursive: true, force: true });
  fs.rmSync(SESSIONS_FILE, { force: true });
  const serverUrl = flowsServerUrl();
  const template = serverUrl ? await createFlowsTemplate(serverUrl) : null;
  const database = template ? { DATABASE_URL: template.url, ...onPostgres('http://127.0.0.1', TEMPLATE_DIR) } : { DATABASE_URL: '' };
  // The empty church's command runs on its own embedded database while the demo church is seeded.
  const made = await Promise.allSettled([
    runNodeScript(['tests/e2e/seed-template.ts'], { DATA_DIR: TEMPLATE_DIR, ...database, SMTP_URL: '', LOG_LEVEL: 'warn' }),
    makeEmptyChurch(),
  ]);
  const failed = made.find((result) => result.status === 'rejected');
  if (failed) {
    await template?.remove();
    throw failed.reason;
  }
  return () => template?.remove();
}
