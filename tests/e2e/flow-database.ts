import path from 'node:path';
import { copyOfTemplate, databaseUrl, makePgTemplate } from '../../src/server/test/pg-template';

/**
 * Where the demo church's flow servers keep it. With DATABASE_URL (as CI runs the suite), on that
 * PostgreSQL server: global-setup.ts seeds one template database and every flow server starts on a
 * copy made with `create database ... template`, the way the API tests copy theirs
 * (src/server/test/pg-template.ts). Without it, on the embedded database, a copy of the template's
 * data directory. The flows whose subject is the embedded database itself (a church started with
 * `npm run create-admin`) use it either way.
 *
 * On PostgreSQL the app's own work runs in the server's native processes, not in WebAssembly in
 * the flow server's one thread beside the app, and a server boots without starting an embedded
 * database: the flows share two cores with the browser, so that time goes to the browser.
 */
const TEMPLATE_VARIABLE = 'LAMPSTAND_FLOWS_TEMPLATE_DATABASE';

/** The server the demo church's flow servers run on ('' for the embedded database). */
export const flowsServerUrl = (): string => process.env.DATABASE_URL ?? '';

/** The seeded template this run's servers copy (set by global-setup.ts, which every worker inherits). */
export const flowsTemplateDatabase = (): string => process.env[TEMPLATE_VARIABLE] ?? '';

/**
 * A new migrated database for the template, its name kept in the environment for the workers; its
 * removal drops the copies too, a dead worker's included.
 */
export async function createFlowsTemplate(serverUrl: string): Promise<{ url: string; remove: () => Promise<void> }> {
  const { name, remove } = await makePgTemplate(serverUrl);
  process.env[TEMPLATE_VARIABLE] = name;
  return { url: databaseUrl(serverUrl, name), remove };
}

/** A copy of the template for one flow server, and how to drop it once that server has stopped. */
export const copyFlowsTemplate = () => copyOfTemplate(flowsServerUrl(), flowsTemplateDatabase());

/**
 * What a church on PostgreSQL sets beside DATABASE_URL: its origin (required there), and a backup
 * directory, which turns its scheduled backups on (decision 0054) as the embedded database has them
 * by default, kept in its data directory as the embedded database keeps them.
 */
export function onPostgres(origin: string, dataDir: string): Record<string, string> {
  return { APP_ORIGIN: origin, BACKUP_DIR: path.join(dataDir, 'backups') };
}
