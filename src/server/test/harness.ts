import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, inject } from 'vitest';
import { buildApp } from '../app';
import type { ZApp } from '../platform/http';
import { loadConfig, type Config } from '../platform/config';
import type { AppContext } from '../platform/context';
import { openPostgres, pgliteDatabase, type Database } from '../platform/db/client';
import { EventBus } from '../platform/events/bus';
import { openBlobStore } from '../platform/files/blob-store';
import { seedDemo } from '../platform/db/seed-demo';
import { writeDemoChurchConfig } from '../platform/church-config';
import { PG_SKIPPED } from './pg-notice';
import { freshPglite, recyclePglite } from './pglite-template';
import { freshPgDatabase, recyclePgDatabase } from './pg-template';
import { assertNoBusySends, guardBusyClients } from './busy-client-guard';

/**
 * API tests run against a real database: PGlite always, and the PostgreSQL server named by
 * DATABASE_URL too when it is set (each test file gets its own fresh database there).
 */
export type Backend = 'pglite' | 'pg';
export const ON_POSTGRES = !!process.env.DATABASE_URL;
export const BACKENDS: Backend[] = ON_POSTGRES ? ['pglite', 'pg'] : ['pglite'];

/**
 * A suite that only means something on PostgreSQL (several connections, LISTEN/NOTIFY, row locks
 * under contention): PGlite has one connection. Without DATABASE_URL it shows as skipped, with why.
 */
export function describeOnPostgres(name: string, fn: () => void): void {
  describe.skipIf(!ON_POSTGRES)(ON_POSTGRES ? `${name} (PostgreSQL)` : `${name} (${PG_SKIPPED})`, fn);
}

export interface TestApp {
  app: ZApp;
  ctx: AppContext;
  close(): Promise<void>;
}

export async function createTestApp(
  backend: Backend,
  opts: {
    seed?: boolean;
    config?: Partial<Config>;
    connectThrough?: (url: string) => string;
    /**
     * The church's configuration the app starts with: the demo church's (its tiers A/B/C/L1/L2/D,
     * channels and words, which the tests were written against) unless 'general', a new church's.
     */
    churchConfig?: 'demo' | 'general';
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-test-'));
  const config: Config = { ...loadConfig({}), dataDir, backupDir: path.join(dataDir, 'backups'), seedDemo: false, ...opts.config };
  let database: Database;
  let release = async () => {};
  if (backend === 'pg') {
    guardBusyClients();
    const created = await freshPgDatabase(process.env.DATABASE_URL!, inject('pgTemplate'));
    // connectThrough puts something between the app and the server (outage tests use a TCP proxy).
    database = await openPostgres(opts.connectThrough?.(created.url) ?? created.url, 4);
    release = () => recyclePgDatabase(created);
  } else {
    // The run's migrated template (src/test-global-setup.ts) in memory, fresh: a copy, or one this
    // worker emptied after an earlier test app.
    const client = await freshPglite(inject('pgliteTemplate'));
    database = await pgliteDatabase(client, () => recyclePglite(client));
  }
  const bus = new EventBus(database);
  await bus.start();
  const ctx: AppContext = { config, database, db: database.db, bus, files: await openBlobStore(config) };
  if (opts.seed) await seedDemo(ctx.db, config.churchTimeZone, ctx.files);
  else if (opts.churchConfig !== 'general') await writeDemoChurchConfig(ctx.db);
  const app = await buildApp(ctx, { serveWeb: false });
  await app.ready();
  return {
    app,
    ctx,
    async close() {
      await app.close();
      await bus.stop();
      await database.close();
      await ctx.files.close();
      await release();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (backend === 'pg') assertNoBusySends();
    },
  };
}

export interface Agent {
  cookie: string;
  csrfToken: string;
  userId: string;
  inject(opts: InjectOptions): Promise<LightMyRequestResponse>;
}

/** Signs in through the real endpoint and returns an agent that sends the cookie and CSRF token. */
export async function signIn(app: ZApp, email: string, password: string): Promise<Agent> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in as ${email} failed: ${res.statusCode} ${res.body}`);
  const setCookie = res.headers['set-cookie'];
  const raw = Array.isArray(setCookie) ? setCookie[0] : setCookie!;
  const cookie = raw.split(';')[0];
  const body = res.json() as { csrfToken: string; user: { id: string } };
  return {
    cookie,
    csrfToken: body.csrfToken,
    userId: body.user.id,
    inject: (o) =>
      app.inject({
        ...o,
        headers: { cookie, 'x-csrf-token': body.csrfToken, ...(o.headers ?? {}) },
      } as InjectOptions),
  };
}
