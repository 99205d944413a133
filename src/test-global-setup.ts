import type { TestProject } from 'vitest/node';
import { pgSkipBanner } from './server/test/pg-notice';
import { makePgliteTemplate } from './server/test/pglite-template';
import { makePgTemplate } from './server/test/pg-template';

/**
 * Makes the migrated databases every API test copies (src/server/test/pglite-template.ts, and
 * pg-template.ts on PostgreSQL), and says loudly, at the start and again under the summary, when
 * the PostgreSQL half of the API tests did not run, so a green run without DATABASE_URL is never
 * mistaken for one that proved the multi-connection behaviour.
 *
 * Vitest calls this for the root config and again for each project, in one process: the first call
 * makes the databases, the others share them, and the last to finish removes them.
 */
export default async function setup(project: TestProject) {
  const shared = (globalThis as SharedTemplates)[TEMPLATES];
  const run = shared ?? { templates: makeTemplates(), users: 0 };
  (globalThis as SharedTemplates)[TEMPLATES] = run;
  run.users++;
  const { pglite, pg } = await run.templates;
  project.provide('pgliteTemplate', pglite.file);
  project.provide('pgTemplate', pg?.name ?? '');
  if (!shared) {
    if (pg) console.log(`\nAPI tests run on PGlite and on PostgreSQL (${redacted(process.env.DATABASE_URL!)}).\n`);
    else console.warn(pgSkipBanner());
  }
  return async () => {
    if (--run.users > 0) return;
    delete (globalThis as SharedTemplates)[TEMPLATES];
    pglite.remove();
    if (pg) await pg.remove();
    else console.warn(pgSkipBanner());
  };
}

const TEMPLATES = Symbol.for('lampstand.test-templates');
type Templates = { pglite: Awaited<ReturnType<typeof makePgliteTemplate>>; pg: Awaited<ReturnType<typeof makePgTemplate>> | null };
type SharedTemplates = { [TEMPLATES]?: { templates: Promise<Templates>; users: number } };

/** Both templates side by side: PGlite migrates in this process while the server migrates its own. */
async function makeTemplates(): Promise<Templates> {
  const [pglite, pg] = await Promise.all([
    makePgliteTemplate(),
    process.env.DATABASE_URL ? makePgTemplate(process.env.DATABASE_URL) : Promise.resolve(null),
  ]);
  return { pglite, pg };
}

/** The server URL without a password, for the log. */
function redacted(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'DATABASE_URL';
  }
}
