/**
 * Query-plan assertions on the generated 100k church (not part of `npm test`): each
 * read's main query (captured from the app, capture.ts) is EXPLAINed with its real parameters, and
 * a Seq Scan of requests, request_items or notifications fails it. `npm run bench` runs this on the
 * 100k scale; `npm run bench:plans` runs it alone.
 *
 * The scheduled jobs' reads (jobMainQueries) are checked the same way.
 *
 *   npm run bench:plans [-- --scale 100k] [--only intake,board,jobs] [--database-prefix lampstand_bench_]
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { NUDGE_CHECK_MS, NUDGE_PAGE_ITEMS, stalledPageSql, touchedPageSql } from '../server/modules/tasks/nudges';
import { plannerOptions } from '../server/platform/db/planner-settings';
import { captureMainQueries, type MainQuery } from './capture';
import { BENCH_DATABASE_PREFIX, benchDatabaseName, generate, type Scale } from './generate';
import { benchReads } from './reads';
import { benchSessions, quietJobs } from './bench-sessions';

/** Tables that must always be reached through an index. */
export const INDEXED_TABLES = ['requests', 'request_items', 'notifications'] as const;

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Total Time'?: number;
  'Actual Rows'?: number;
  'Temp Written Blocks'?: number;
  Plans?: PlanNode[];
}

export interface PlanCheck {
  key: string;
  /** Relations read by a Seq Scan that must not be. */
  seqScans: string[];
  /** One line per scan node: "Index Scan requests (requests_status_idx)". */
  scans: string[];
  executionMs: number;
  tempBlocks: number;
  ok: boolean;
}

function walk(node: PlanNode, visit: (n: PlanNode) => void) {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

/** The scans of a plan and whether any is a forbidden Seq Scan. */
export function inspectPlan(key: string, root: PlanNode, executionMs: number): PlanCheck {
  const seqScans: string[] = [];
  const scans: string[] = [];
  let tempBlocks = 0;
  walk(root, (n) => {
    tempBlocks += n['Temp Written Blocks'] ?? 0;
    if (!n['Relation Name']) return;
    scans.push(`${n['Node Type']} ${n['Relation Name']}${n['Index Name'] ? ` (${n['Index Name']})` : ''}`);
    if (n['Node Type'] === 'Seq Scan' && (INDEXED_TABLES as readonly string[]).includes(n['Relation Name']))
      seqScans.push(n['Relation Name']);
  });
  return { key, seqScans: [...new Set(seqScans)], scans: [...new Set(scans)], executionMs, tempBlocks, ok: seqScans.length === 0 };
}

/**
 * The scheduled jobs' reads, which no route issues for capture.ts to record: their statements as
 * the job builds them, with the parameters of a run now. The nudges' stalled-work read (decision
 * 0066), first page and a later one; a later run's reads of the waits just crossed and of the work
 * changed since the last run (decision 0071).
 */
export function jobMainQueries(now = new Date()): Record<string, MainQuery> {
  const dialect = new PgDialect();
  const before = new Date(now.getTime() - 86_400_000);
  const main = (q: Parameters<PgDialect['sqlToQuery']>[0]): MainQuery => {
    const { sql: text, params } = dialect.sqlToQuery(q);
    return { text, values: params, statements: 1 };
  };
  const query = (after: { at: string; id: string } | null) => main(stalledPageSql(before, after, NUDGE_PAGE_ITEMS));
  const daysAgo = (days: number, ms = 0) => new Date(now.getTime() - days * 86_400_000 - ms);
  return {
    'job: nudges, stalled work': query(null),
    'job: nudges, stalled work, next page': query({
      at: new Date(now.getTime() - 30 * 86_400_000).toISOString(),
      id: '00000000-0000-0000-0000-000000000000',
    }),
    'job: nudges, waits crossed since the last run': main(
      stalledPageSql(daysAgo(5, -3 * 3_600_000), null, NUDGE_PAGE_ITEMS, daysAgo(5, NUDGE_CHECK_MS + 3 * 3_600_000)),
    ),
    'job: nudges, work changed since the last run': main(touchedPageSql(daysAgo(0, 2 * NUDGE_CHECK_MS), before, null, NUDGE_PAGE_ITEMS)),
  };
}

export async function checkPlans(url: string, mains: Record<string, MainQuery>): Promise<PlanCheck[]> {
  // The app's planner settings, so the plans checked are the plans the app runs.
  const c = new pg.Client({ connectionString: url, options: plannerOptions() });
  await c.connect();
  try {
    const out: PlanCheck[] = [];
    for (const [key, main] of Object.entries(mains)) {
      const plan = main.genericPlan ? await explainGeneric(c, main) : await explain(c, main.text, main.values);
      out.push(inspectPlan(key, plan.Plan, plan['Execution Time']));
    }
    return out;
  } finally {
    await c.end();
  }
}

type Explained = { Plan: PlanNode; 'Execution Time': number };

async function explain(c: pg.Client, text: string, values: unknown[]): Promise<Explained> {
  const { rows } = await c.query(`explain (analyze, buffers, format json) ${text}`, values);
  return rows[0]['QUERY PLAN'][0] as Explained;
}

/** The plan of a statement the app runs on its generic plan (decision 0076): prepared and executed so. */
async function explainGeneric(c: pg.Client, main: MainQuery): Promise<Explained> {
  await c.query('begin');
  let prepared = false;
  try {
    await c.query('set local plan_cache_mode = force_generic_plan');
    await c.query(`prepare bench_generic as ${main.text}`);
    prepared = true;
    // EXECUTE takes its arguments as expressions, not as the bind message's values.
    const args = main.values.map((v) => (v === null ? 'null' : c.escapeLiteral(String(v)))).join(', ');
    // The generic plan is made at the first execution and kept: what the app's later calls run.
    await c.query(`execute bench_generic(${args})`);
    return await explain(c, `execute bench_generic(${args})`, []);
  } finally {
    await c.query('rollback');
    // A prepared statement outlives the transaction.
    if (prepared) await c.query('deallocate bench_generic');
  }
}

export function plansTable(checks: PlanCheck[]): string {
  const lines = ['| read | verdict | execution | temp blocks written | scans |', '|---|---|---:|---:|---|'];
  for (const p of checks) {
    const verdict = p.ok ? 'ok' : `**Seq Scan of ${p.seqScans.join(', ')}**`;
    lines.push(`| ${p.key} | ${verdict} | ${p.executionMs.toFixed(1)} ms | ${p.tempBlocks} | ${p.scans.join('; ')} |`);
  }
  return lines.join('\n');
}

async function main() {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: '100k' },
      only: { type: 'string' },
      'database-prefix': { type: 'string', default: BENCH_DATABASE_PREFIX },
    },
  });
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) throw new Error('DATABASE_URL must name a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/postgres).');
  const scale = values.scale as Scale;
  const gen = await generate(baseUrl, scale, { database: benchDatabaseName(scale, values['database-prefix']) });
  const only = values.only?.split(',');
  const reads = benchReads().filter((r) => !only || only.includes(r.key));
  const cookies = await benchSessions(gen.url);
  await quietJobs(gen.url);
  const jobs = Object.entries(jobMainQueries()).filter(([key]) => !only || only.includes(key) || only.includes('jobs'));
  const mains = { ...(await captureMainQueries(gen.url, reads, cookies)), ...Object.fromEntries(jobs) };
  const checks = await checkPlans(gen.url, mains);
  console.log(plansTable(checks));
  const failed = checks.filter((p) => !p.ok);
  if (failed.length) {
    console.error(`\nSeq Scan of ${INDEXED_TABLES.join('/')} in: ${failed.map((p) => p.key).join(', ')}`);
    process.exit(1);
  }
  console.log('\nEvery main query reaches requests, request_items and notifications through an index.');
  process.exit(0);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
