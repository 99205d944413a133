import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { TEMPLATE_DIR } from './data-dirs';
import { createFlowsTemplate, flowsServerUrl, onPostgres } from './flow-database';
import { makeEmptyChurch } from './empty-church';
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
  const emptyChurch = makeEmptyChurch();
  try {
    await seedTemplate({ DATA_DIR: TEMPLATE_DIR, ...database });
    await emptyChurch;
  } catch (err) {
    await emptyChurch.catch(() => {});
    await template?.remove();
    throw err;
  }
  return () => template?.remove();
}

function seedTemplate(env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const seed = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/seed-template.ts'], {
      env: { ...process.env, ...env, SMTP_URL: '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    seed.once('error', reject);
    seed.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`Seeding the demo church failed (${code}).`))));
  });
}
