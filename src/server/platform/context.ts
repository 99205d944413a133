import type { Config } from './config';
import type { Database, Db, Tx } from './db/client';
import type { AppEvent, EventBus } from './events/bus';
import type { BlobStore } from './files/blob-store';

/** What every module gets: configuration, the database, the event bus and the blob store. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  bus: EventBus;
  files: BlobStore;
  /** The clock of rules that keep something for a while (a feed's stored text); the system's when absent. Tests set one. */
  now?: () => Date;
}

/**
 * One transaction per use case (ARCHITECTURE.md#contracts): the command writes its rows, activity, notifications
 * and outbox e-mails through `tx` and lists the events to publish; they go out only after commit.
 */
export async function inTransaction<T>(ctx: AppContext, command: (tx: Tx, events: AppEvent[]) => Promise<T>): Promise<T> {
  const events: AppEvent[] = [];
  const result = await ctx.db.transaction((tx) => command(tx as Tx, events));
  await ctx.bus.publish(events);
  return result;
}
