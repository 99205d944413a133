import path from 'node:path';
import type { Config } from './config';
import type { AppContext } from './context';
import { openPglite, openPostgres, type Database } from './db/client';
import { acquireDataDirLock } from './db/lock';
import { EventBus } from './events/bus';
import { openBlobStore } from './files/blob-store';

/** Opens the database (embedded PGlite or PostgreSQL), migrates it and wires the context. */
export async function openContext(config: Config): Promise<{ ctx: AppContext; close: () => Promise<void> }> {
  let release = () => {};
  let database: Database;
  if (config.databaseUrl) {
    database = await openPostgres(config.databaseUrl);
  } else {
    release = acquireDataDirLock(config.dataDir);
    try {
      database = await openPglite(path.join(config.dataDir, 'db'));
    } catch (err) {
      release();
      throw err;
    }
  }
  const bus = new EventBus(database);
  await bus.start();
  const ctx: AppContext = { config, database, db: database.db, bus, files: await openBlobStore(config) };
  return {
    ctx,
    async close() {
      await bus.stop();
      await database.close();
      await ctx.files.close();
      release();
    },
  };
}
