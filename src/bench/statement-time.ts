/**
 * Each read's main query timed alone: one connection, nothing else running, the reads taking
 * turns in rounds. A 2-core machine shared with others drifts by a third from one load window to
 * the next, enough to move a small read's p95 growth by half (docs/benchmarks.md);
 * one statement after another on one connection is steady to a few percent, so this is the
 * figure that tells whether a read's SQL grows with the church.
 */
import pg from 'pg';
import { genericPlanOptions, plannerOptions } from '../server/platform/db/planner-settings';
import type { MainQuery } from './capture';
import { quantile } from './load';
import type { RowCounter, Shown } from './reads';

export interface StatementTiming {
  /** Runs of each statement per round. */
  calls: number;
  rounds: number;
}

const DEFAULT_TIMING: StatementTiming = { calls: 50, rounds: 4 };

/** The nearest-rank median, as load.ts takes the load's percentiles. */
const median = (values: number[]) =>
  quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

/**
 * Milliseconds per call of each main query, as the bare route sends it (named when the app names
 * it, on a generic-plan connection when the app uses one, with the app's planner settings): the median of each round's median, after one warm-up round.
 */
export async function timeStatements(
  url: string,
  mains: Record<string, MainQuery>,
  timing: StatementTiming = DEFAULT_TIMING,
): Promise<Record<string, number>> {
  return timeStatementsInTurns(
    Object.entries(mains).map(([id, query]) => ({ id, url, query })),
    timing,
  );
}

/** One statement to time on the church of `url`, reported under `id`. */
export interface TimedStatement {
  id: string;
  url: string;
  query: MainQuery;
}

/**
 * Times statements of one or more churches taking turns, one connection to each: every round runs
 * each statement `calls` times in the given order. Statements of two churches timed minutes apart
 * are compared across the machine's drift (a third has been seen); timed in turns, the drift
 * weighs on both alike.
 */
export async function timeStatementsInTurns(
  statements: TimedStatement[],
  { calls, rounds }: StatementTiming = DEFAULT_TIMING,
): Promise<Record<string, number>> {
  const clients = new Map<string, pg.Client>();
  const perRound: Record<string, number[]> = {};
  try {
    // One connection per church, and one more that runs generic plans where a statement asks for it (decision 0076).
    const keyOf = ({ url, query }: TimedStatement) => `${query.genericPlan ? 'generic ' : ''}${url}`;
    for (const s of statements) {
      if (clients.has(keyOf(s))) continue;
      const client = new pg.Client({ connectionString: s.url, options: s.query.genericPlan ? genericPlanOptions() : plannerOptions() });
      clients.set(keyOf(s), client);
      await client.connect();
    }
    for (let round = 0; round <= rounds; round++) {
      for (const statement of statements) {
        const { id, query: q } = statement;
        const config = q.name ? { name: q.name, text: q.text, values: q.values } : { text: q.text, values: q.values };
        const client = clients.get(keyOf(statement))!;
        const times: number[] = [];
        for (let i = 0; i < calls; i++) {
          const started = performance.now();
          await client.query(config);
          times.push(performance.now() - started);
        }
        // Round 0 warms the caches and prepares the named statements.
        if (round > 0) (perRound[id] ??= []).push(median(times));
      }
    }
  } finally {
    await Promise.all([...clients.values()].map((c) => c.end()));
  }
  return Object.fromEntries(Object.entries(perRound).map(([id, medians]) => [id, median(medians)]));
}

/**
 * Runs `use` with a RowCounter on one connection to `url`, planned with the app's settings: the
 * bench counts the rows of a read's answer, and a cut (Read.cutTo) the rows of the statements it
 * tries, on the church of the scale it measures. `shown` reads what an answer shows beside or
 * instead of its rows (Read.shownColumns: its first row's value of each column, a JSON list's
 * length, 0 without rows).
 */
export async function withRowCounter<T>(
  url: string,
  use: (count: RowCounter, shown: (q: MainQuery, columns: string[]) => Promise<Shown>) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url, options: plannerOptions() });
  await client.connect();
  try {
    return await use(
      async (q) => (await client.query({ text: q.text, values: q.values })).rowCount ?? 0,
      async (q, columns) => {
        const [row] = (await client.query({ text: q.text, values: q.values })).rows as Array<Record<string, unknown>>;
        const valueOf = (v: unknown) => (Array.isArray(v) ? v.length : Number(v ?? 0));
        return Object.fromEntries(columns.map((column) => [column, valueOf(row?.[column])]));
      },
    );
  } finally {
    await client.end();
  }
}
