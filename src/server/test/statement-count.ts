import type { Executor } from '../platform/db/client';

/**
 * Runs `fn` and measures the statements it sends through the driver (the outage probe, `select 1`,
 * aside): how many, and in how many waves. Each statement's wave is one more than the latest wave
 * of the statements that finished before it started, so statements sent together (Promise.all)
 * share a wave even on PGlite, which runs them one after another. `ignore` leaves out statements
 * that are not the measured work (a session read when the cache has expired, say).
 */
export async function countWaves<T>(
  db: Executor,
  fn: () => Promise<T>,
  { ignore = () => false }: { ignore?: (text: string) => boolean } = {},
): Promise<{ result: T; waves: number; statements: number }> {
  const client = (db as unknown as { session: { client: { query: (...args: unknown[]) => Promise<unknown> } } }).session.client;
  const original = client.query;
  const done: number[] = []; // waves of finished statements
  let statements = 0;
  client.query = async function (this: unknown, ...args: unknown[]) {
    const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string })?.text ?? '');
    if (text.trim() === 'select 1' || ignore(text)) return original.apply(this, args);
    statements++;
    const wave = (done.length ? Math.max(...done) : 0) + 1;
    try {
      return await original.apply(this, args);
    } finally {
      done.push(wave);
    }
  };
  try {
    const result = await fn();
    return { result, waves: done.length ? Math.max(...done) : 0, statements };
  } finally {
    client.query = original;
  }
}
