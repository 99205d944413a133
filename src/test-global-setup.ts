import type { TestProject } from 'vitest/node';
import { pgSkipBanner } from './server/test/pg-notice';
import { makePgliteTemplate } from './server/test/pglite-template';
import { makePgTemplate } from './server/test/pg-template';

/**
 * Runs once per `vitest run`, in the main process: makes the migrated databases every API test
 * copies (src/server/test/pglite-template.ts, and pg-template.ts on PostgreSQL), and says loudly, at the start and again under
 * the summary, when the PostgreSQL half of the API tests did not run, so a green run without
 * DATABASE_URL is never mistaken for one that proved the multi-connection behaviour.
 */
export default async function setup(project: TestProject) {
  const template = await makePgliteTemplate();
  project.provide('pgliteTemplate', template.file);
  if (process.env.DATABASE_URL) {
    const pgTemplate = await makePgTemplate(process.env.DATABASE_URL);
    project.provide('pgTemplate', pgTemplate.name);
    console.log(`\nAPI tests run on PGlite and on PostgreSQL (${redacted(process.env.DATABASE_URL!)}).\n`);
    return async () => {
      template.remove();
      await pgTemplate.remove();
    };
  }
  project.provide('pgTemplate', '');
  console.warn(pgSkipBanner());
  return () => {
    template.remove();
    console.warn(pgSkipBanner());
  };
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
