import { randomBytes } from 'node:crypto';
import { openPostgres } from '../platform/db/client';

/**
 * A fresh PostgreSQL database costs a second or two of migrations. The global setup migrates one
 * template database per `vitest run`; each API test's database is made from it with
 * `create database ... template`, a file copy on the server, and the migrator then finds nothing
 * to do. PostgreSQL allows many such copies at once while nobody is connected to the template.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PostgreSQL database to copy, made by src/test-global-setup.ts ('' without DATABASE_URL). */
    pgTemplate: string;
  }
}

/** The server's URL with another database name. */
export function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement as the server's administrator (the base URL's own database). */
export async function onServer(baseUrl: string, statement: string): Promise<void> {
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export async function makePgTemplate(baseUrl: string): Promise<{ name: string; remove: () => Promise<void> }> {
  const name = `lampstand_template_${randomBytes(6).toString('hex')}`;
  await onServer(baseUrl, `create database ${name}`);
  const database = await openPostgres(databaseUrl(baseUrl, name), 1);
  await database.close();
  return { name, remove: () => onServer(baseUrl, `drop database if exists ${name} with (force)`) };
}

/** A fresh database copied from the run's template, with the way to drop it. */
export async function freshPgDatabase(baseUrl: string, template: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `lampstand_t_${randomBytes(6).toString('hex')}`;
  await onServer(baseUrl, `create database ${name} template ${template}`);
  return {
    url: databaseUrl(baseUrl, name),
    drop: () => onServer(baseUrl, `drop database if exists ${name} with (force)`),
  };
}
