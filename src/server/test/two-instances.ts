import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject, vi } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../platform/config';
import type { AppContext } from '../platform/context';
import { openPostgres, type Db } from '../platform/db/client';
import { EventBus, type AppEvent } from '../platform/events/bus';
import { diskBlobStore } from '../platform/files/blob-store';
import type { ZApp } from '../platform/http';
import { freshPgDatabase } from './pg-template';

/** One app instance of several sharing a PostgreSQL database (as behind a load balancer). */
export interface Instance {
  app: ZApp;
  ctx: AppContext;
}

/** `count` app instances on one fresh PostgreSQL database (DATABASE_URL's server), each with its own pool and LISTEN. */
export async function createInstances(count: number): Promise<{ instances: Instance[]; close(): Promise<void> }> {
  const created = await freshPgDatabase(process.env.DATABASE_URL!, inject('pgTemplate'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-instances-'));
  const instances: Instance[] = [];
  for (let i = 0; i < count; i++) {
    const database = await openPostgres(created.url, 3);
    const bus = new EventBus(database);
    await bus.start();
    const config = { ...loadConfig({}), dataDir, backupDir: path.join(dataDir, 'backups'), databaseUrl: created.url, seedDemo: false };
    const ctx: AppContext = { config, database, db: database.db, bus, files: diskBlobStore(path.join(dataDir, 'files')) };
    const app = await buildApp(ctx, { serveWeb: false });
    await app.ready();
    instances.push({ app, ctx });
  }
  return {
    instances,
    async close() {
      for (const { app, ctx } of instances) {
        await app.close();
        await ctx.bus.stop();
        await ctx.database.close();
      }
      await created.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Counts the SQL statements drizzle sends through `db` (every builder and raw execute prepares
 * one) from now until `stop()`.
 */
export function countQueries(db: Db): { count(): number; stop(): void } {
  const session = (db as unknown as { session: { prepareQuery: (...args: unknown[]) => unknown } }).session;
  const spy = vi.spyOn(session, 'prepareQuery');
  return { count: () => spy.mock.calls.length, stop: () => spy.mockRestore() };
}

/** Settles when `bus` delivers a 'sessions' event naming `userId` (on PostgreSQL: when the NOTIFY arrived). */
export function sessionsEventReaches(bus: EventBus, userId: string): Promise<AppEvent> {
  return new Promise((resolve) => {
    const stop = bus.subscribe((event) => {
      if (event.topic !== 'sessions' || !event.audience.userIds?.includes(userId)) return;
      stop();
      resolve(event);
    });
  });
}
