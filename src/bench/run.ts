/**
 * `npm run bench`: makes the benchmark church if needed, then for each scale times
 * each read's main query alone (statement-time.ts), loads every read of reads.ts on the app and
 * on the bare server (the same main query, see capture.ts) for a fixed time at fixed connections,
 * downloads each CSV export for a while (throughput and the app's peak memory), measures the
 * event-stream fan-out and the start time, prints the tables and writes them as the results
 * section of docs/benchmarks.md (replacing the previous run's).
 *
 *   npm run bench -- [--scale 1k|100k|300k|both, or a list such as 100k,300k] [--seconds 10] [--warmup 2] [--rounds 2] [--connections 32]
 *                    [--streams 1000] [--only intake,board] [--label "..."] [--no-report] [--fresh]
 *                    [--database-prefix lampstand_bench_]
 *
 * `--database-prefix` names the churches `<prefix>1k`, `<prefix>100k`: e.g. copies of the generated
 * ones (`create database mine_1k template lampstand_bench_1k`) to try indexes on without touching them.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { SESSION_COOKIE } from '../server/platform/auth/sessions';
import type { KeptAnswer } from './bare-server';
import { captureMainQueries, type MainQuery } from './capture';
import { fanout, type FanoutResult } from './fanout';
import { BENCH_DATABASE_PREFIX, benchDatabaseName, DEFAULT_SCALES, generate, SCALES, type Scale } from './generate';
import { load, mergeLoads, quantile, type LoadResult } from './load';
import { ROOT, startApp, startBare, type Child } from './processes';
import { benchReads, type Read, type RowCounter, type Shown } from './reads';
import { benchSessions, quietJobs, streamSessions } from './bench-sessions';
import { checkPlans, jobMainQueries, plansTable, type PlanCheck } from './plans';
import { PUBLIC_PATHS } from '../shared/domain/routes';
import { formatTable, measureBundle, readRoutePages } from './bundle-sizes';
import { timeStatements, timeStatementsInTurns, withRowCounter, type StatementTiming, type TimedStatement } from './statement-time';

export interface BenchOptions {
  baseUrl: string;
  scales: Scale[];
  seconds: number;
  warmupSeconds: number;
  /**
   * The app and the bare route take turns in this many windows (each `seconds / rounds` long), so
   * a machine that slows down or speeds up during a read weighs on both sides alike.
   */
  rounds: number;
  connections: number;
  streams: number;
  only?: string[];
  fresh?: boolean;
  /** Runs of each main query alone (statement-time.ts), when not the steady figure's own default. */
  statementTiming?: StatementTiming;
  /**
   * Ends each read's load window after this many answers instead of at its seconds: every figure
   * made, none steady (the bench's own test). The exports and the feed builds keep their seconds,
   * which they run past to their own minimum.
   */
  answersPerWindow?: number;
  /** Database name per scale (tests use their own). */
  database?: (scale: Scale) => string;
  log?: (msg: string) => void;
}

export interface ReadResult {
  read: Read;
  main: MainQuery;
  /** The main query alone on one connection, ms per call (statement-time.ts). */
  statementMs: number;
  /** Rows of the main query's answer, for the reads that can be cut to another scale's answer (Read.cutTo). */
  answerRows?: number;
  /** What the answer shows beside or instead of its rows (Read.shownColumns). */
  answerShown?: Shown;
  /**
   * The main query cut to the run's first scale's answer (Read.cutTo), where this scale's answer
   * has more rows than that one: timed in turns with the first's after the loads (timeInTurns).
   */
  sameAnswerMain?: MainQuery;
  app: LoadResult;
  bare: LoadResult;
}

/** A CSV export downloaded whole, again and again, for a while (exportLoad). */
export interface ExportResult {
  read: Read;
  main: MainQuery;
  downloads: number;
  /** Concurrent downloads. */
  connections: number;
  seconds: number;
  /** Of one download. */
  bytes: number;
  rows: number;
  /** Mean time of one download, ms. */
  meanMs: number;
  /** Rows and megabytes (10^6 bytes) a second over all downloads. */
  rowsPerSec: number;
  mbPerSec: number;
  rssBeforeMiB: number;
  rssPeakMiB: number;
}

/** A calendar feed built cold again and again, one at a time (buildLoad). */
export interface BuildResult {
  read: Read;
  main: MainQuery;
  /** The main query (the feed's rows) alone on one connection, ms. */
  statementMs: number;
  builds: number;
  p50Ms: number;
  maxMs: number;
  /** One answer as sent (gzip) and its text unpacked, bytes. */
  sentBytes: number;
  textBytes: number;
}

export interface ScaleResult {
  scale: Scale;
  database: string;
  generateSeconds: number;
  reused: boolean;
  startMs: number;
  reads: ReadResult[];
  fanout: FanoutResult | null;
  /** The CSV exports (Read.measure 'export'). */
  exports?: ExportResult[];
  /** The calendar feeds built cold (Read.measure 'build'). */
  builds?: BuildResult[];
  /** Query-plan assertions (plans.ts), run on the 100k scale. */
  plans: PlanCheck[] | null;
}

/**
 * A read's main query on the first and the last scale (and cut to the first's answer, where it
 * was cut), timed again in turns after the loads: the figures its growth columns come from.
 */
export interface StatementTurns {
  first: number;
  last: number;
  lastCut?: number;
}

export interface BenchResults {
  options: Omit<BenchOptions, 'baseUrl' | 'database' | 'log'>;
  startedAt: Date;
  seconds: number;
  scales: ScaleResult[];
  /** Per read, when the run has two scales or more (timeInTurns). */
  turns?: Record<string, StatementTurns>;
}

export async function runBench(opts: BenchOptions): Promise<BenchResults> {
  const log = opts.log ?? ((m: string) => console.log(`[bench] ${m}`));
  const started = Date.now();
  const reads = benchReads().filter((r) => !opts.only?.length || opts.only.includes(r.key));
  const results: ScaleResult[] = [];
  const urls: string[] = [];
  for (const scale of opts.scales) {
    const gen = await generate(opts.baseUrl, scale, { fresh: opts.fresh, database: opts.database?.(scale) });
    log(`${scale}: ${gen.database} ${gen.reused ? 'reused' : `generated in ${gen.seconds.toFixed(0)} s`}`);
    const cookies = await benchSessions(gen.url);
    await quietJobs(gen.url);
    const mains = await captureMainQueries(gen.url, reads, cookies);
    // Plans are asserted on the large church only: on 1k rows a Seq Scan is often the right plan.
    // The jobs' reads (jobMainQueries) are not user-facing: their plans are asserted, not timed.
    const plans = scale === '100k' ? await checkPlans(gen.url, { ...mains, ...jobMainQueries() }) : null;
    // Before the app and the bare route start: the database serves this one connection alone.
    const statementMs = await timeStatements(gen.url, mains, opts.statementTiming);
    const { answerRows, answerShown, cut } = await withRowCounter(gen.url, async (count, shown) => {
      const rows: Record<string, number> = {};
      const values: Record<string, Shown> = {};
      for (const read of reads) if (read.cutTo) rows[read.key] = await count(mains[read.key]);
      for (const read of reads) if (read.shownColumns) values[read.key] = await shown(mains[read.key], read.shownColumns);
      return {
        answerRows: rows,
        answerShown: values,
        cut: await cutToFirstScale(reads, mains, { rows, shown: values }, results[0], count),
      };
    });
    const app = await startApp(gen.url);
    log(`${scale}: app answered ${app.startMs.toFixed(0)} ms after spawn (port ${app.port})`);
    const queriesFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-bench-q-')), 'queries.json');
    fs.writeFileSync(queriesFile, JSON.stringify(await withKeptAnswers(app, reads, mains, cookies)));
    const bare = await startBare(gen.url, queriesFile);
    const scaleResult: ScaleResult = {
      scale,
      database: gen.database,
      generateSeconds: gen.seconds,
      reused: gen.reused,
      startMs: app.startMs,
      reads: [],
      exports: [],
      builds: [],
      fanout: null,
      plans,
    };
    try {
      for (const read of reads) {
        if (read.measure === 'export') {
          const headers = { cookie: `${SESSION_COOKIE}=${cookies[read.role]}` };
          const result = await exportLoad(app, read, mains[read.key], headers, opts.seconds);
          await drained(gen.url);
          scaleResult.exports!.push(result);
          log(
            `${scale} ${read.key}: ${result.downloads} downloads of ${(result.bytes / 1e6).toFixed(1)} MB, ${num(result.rowsPerSec)} rows/s, RSS ${result.rssBeforeMiB.toFixed(0)} -> peak ${result.rssPeakMiB.toFixed(0)} MiB`,
          );
          continue;
        }
        if (read.measure === 'build') {
          const result = await buildLoad(app, gen.url, read, mains[read.key], statementMs[read.key], opts.seconds);
          await drained(gen.url);
          scaleResult.builds!.push(result);
          log(
            `${scale} ${read.key}: ${result.builds} builds, p50 ${ms(result.p50Ms)}, ${(result.textBytes / 1000).toFixed(0)} kB (${(result.sentBytes / 1000).toFixed(0)} kB gzip)`,
          );
          continue;
        }
        const appUrl = `http://127.0.0.1:${app.port}${read.url}`;
        const bareUrl = `http://127.0.0.1:${bare.port}/bare/${read.key}`;
        const headers = { ...read.headers, cookie: `${SESSION_COOKIE}=${cookies[read.role]}` };
        // autocannon stops at the end of its window, but the server still works off the calls in
        // flight: each load starts only once the database is idle, or a slow read's leftovers
        // would be measured in the next read's window.
        const window = async (url: string, h: Record<string, string> | undefined, seconds: number) => {
          const result = await load({ url, headers: h, connections: opts.connections, seconds, answers: opts.answersPerWindow });
          await drained(gen.url);
          return result;
        };
        const sides = [
          { url: appUrl, headers: headers as Record<string, string> | undefined, windows: [] as LoadResult[] },
          { url: bareUrl, headers: undefined, windows: [] as LoadResult[] },
        ];
        if (opts.warmupSeconds > 0) for (const side of sides) await window(side.url, side.headers, opts.warmupSeconds);
        const rounds = Math.max(1, opts.rounds);
        for (let round = 0; round < rounds; round++) {
          for (const side of sides) side.windows.push(await window(side.url, side.headers, opts.seconds / rounds));
        }
        const [appResult, bareResult] = sides.map((side) => mergeLoads(side.windows));
        for (const [side, r] of [
          ['app', appResult],
          ['bare', bareResult],
        ] as const) {
          if (r.non2xx || r.errors) {
            throw new Error(`${scale} ${read.key} (${side}): ${r.non2xx} non-2xx answers, ${r.errors} errors (${r.timeouts} timeouts)`);
          }
          // Slower than the whole window: no percentile, shown as such in the report, the run goes on.
          if (!r.requests) log(`${scale} ${read.key} (${side}): no answer within ${opts.seconds} s`);
        }
        scaleResult.reads.push({
          read,
          main: mains[read.key],
          statementMs: statementMs[read.key],
          answerRows: answerRows[read.key],
          answerShown: answerShown[read.key],
          sameAnswerMain: cut[read.key],
          app: appResult,
          bare: bareResult,
        });
        log(
          `${scale} ${read.key}: app ${appResult.reqPerSec.toFixed(1)} req/s p95 ${appResult.p95.toFixed(0)} ms; bare ${bareResult.reqPerSec.toFixed(1)} req/s p95 ${bareResult.p95.toFixed(0)} ms`,
        );
      }
      if (opts.streams > 0) {
        const tokens = await streamSessions(gen.url, opts.streams);
        scaleResult.fanout = await fanout(app, gen.url, tokens);
        const f = scaleResult.fanout;
        log(
          `${scale} fan-out: ${f.delivered}/${f.streams} delivered, p95 ${f.deliveryP95.toFixed(0)} ms, RSS ${f.rssBeforeMiB.toFixed(0)} -> ${f.rssAfterMiB.toFixed(0)} MiB`,
        );
        await deleteStreamSessions(gen.url);
        if (f.delivered < f.streams) throw new Error(`fan-out: only ${f.delivered} of ${f.streams} streams got the event`);
      }
    } finally {
      await bare.stop();
      await app.stop();
      fs.rmSync(path.dirname(queriesFile), { recursive: true, force: true });
    }
    results.push(scaleResult);
    urls.push(gen.url);
  }
  const turns =
    results.length > 1
      ? await timeInTurns(results[0], urls[0], results[results.length - 1], urls[urls.length - 1], (statements) =>
          timeStatementsInTurns(statements, opts.statementTiming),
        )
      : undefined;
  const { baseUrl: _b, database: _d, log: _l, ...options } = opts;
  return { options, startedAt: new Date(started), seconds: (Date.now() - started) / 1000, scales: results, turns };
}

/**
 * Each read's main query on the first and the last church, and its cut on the last, taking turns
 * on one connection to each once the loads are over. Each scale's own timing ran minutes apart
 * from the other's, and a machine can drift by a third in minutes: enough to show a statement
 * 0.6x "at the same answer" that was 1.0x when timed in turns.
 */
export async function timeInTurns(
  first: ScaleResult,
  firstUrl: string,
  last: ScaleResult,
  lastUrl: string,
  time: (statements: TimedStatement[]) => Promise<Record<string, number>> = timeStatementsInTurns,
): Promise<Record<string, StatementTurns>> {
  const statements: TimedStatement[] = [];
  for (const r of last.reads) {
    const base = first.reads.find((x) => x.read.key === r.read.key);
    if (!base) continue;
    statements.push(
      { id: `${r.read.key}:first`, url: firstUrl, query: base.main },
      { id: `${r.read.key}:last`, url: lastUrl, query: r.main },
    );
    if (r.sameAnswerMain) statements.push({ id: `${r.read.key}:cut`, url: lastUrl, query: r.sameAnswerMain });
  }
  const ms = await time(statements);
  const out: Record<string, StatementTurns> = {};
  for (const r of last.reads) {
    const key = r.read.key;
    if (ms[`${key}:first`] === undefined) continue;
    out[key] = { first: ms[`${key}:first`], last: ms[`${key}:last`], lastCut: ms[`${key}:cut`] };
  }
  return out;
}

/** Concurrent downloads of an export: a few people exporting at once, not 32. */
const EXPORT_CONNECTIONS = 2;

/**
 * Downloads a CSV export whole, EXPORT_CONNECTIONS at a time, for `seconds` (at least one each),
 * sampling the app's resident memory every 20 ms: throughput in rows and bytes a second, and the
 * peak memory against the memory before (an export streamed in batches stays flat).
 */
export async function exportLoad(
  app: Child,
  read: Read,
  main: MainQuery,
  headers: Record<string, string>,
  seconds: number,
): Promise<ExportResult> {
  const url = `http://127.0.0.1:${app.port}${read.url}`;
  const rssBeforeMiB = app.rssMiB();
  let rssPeakMiB = rssBeforeMiB;
  const sampler = setInterval(() => {
    rssPeakMiB = Math.max(rssPeakMiB, app.rssMiB());
  }, 20);
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let downloads = 0;
  let totalBytes = 0;
  let totalRows = 0;
  let totalMs = 0;
  let bytes = 0;
  let rows = 0;
  const worker = async () => {
    do {
      const t0 = performance.now();
      const res = await fetch(url, { headers });
      if (!res.ok) throw new Error(`${read.key}: export answered ${res.status}`);
      const text = await res.text();
      totalMs += performance.now() - t0;
      bytes = Buffer.byteLength(text);
      // Rows of data: the lines but the header (a quoted cell may hold a line break, rarely here).
      rows = Math.max(0, text.split('\n').filter((line) => line.length > 0).length - 1);
      totalBytes += bytes;
      totalRows += rows;
      downloads++;
    } while (performance.now() < deadline);
  };
  try {
    await Promise.all(Array.from({ length: EXPORT_CONNECTIONS }, worker));
  } finally {
    clearInterval(sampler);
  }
  const elapsed = (performance.now() - started) / 1000;
  return {
    read,
    main,
    downloads,
    connections: EXPORT_CONNECTIONS,
    seconds: elapsed,
    bytes,
    rows,
    meanMs: totalMs / downloads,
    rowsPerSec: totalRows / elapsed,
    mbPerSec: totalBytes / 1e6 / elapsed,
    rssBeforeMiB,
    rssPeakMiB,
  };
}

/** Builds at least, and at most, for a read built cold (buildLoad). */
const MIN_BUILDS = 5;
const MAX_BUILDS = 30;

/**
 * A read whose answer the app keeps (a calendar feed's text) called cold: its `before` statement
 * forgets what was kept, then one call, one at a time, for `seconds` (MIN_BUILDS at least): what
 * the first poll after the freshness period costs.
 */
export async function buildLoad(
  app: Child,
  url: string,
  read: Read,
  main: MainQuery,
  statementMs: number,
  seconds: number,
): Promise<BuildResult> {
  const appUrl = `http://127.0.0.1:${app.port}${read.url}`;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const times: number[] = [];
  let sentBytes = 0;
  let textBytes = 0;
  const deadline = performance.now() + seconds * 1000;
  try {
    do {
      if (read.before) await c.query(read.before);
      const t0 = performance.now();
      const res = await fetch(appUrl, { headers: read.headers });
      // fetch unpacks gzip: the text's length is the feed's; Content-Length is what was sent.
      const text = await res.text();
      times.push(performance.now() - t0);
      if (!res.ok) throw new Error(`${read.key}: answered ${res.status}`);
      textBytes = Buffer.byteLength(text);
      sentBytes = Number(res.headers.get('content-length') ?? textBytes);
    } while (times.length < MIN_BUILDS || (times.length < MAX_BUILDS && performance.now() < deadline));
  } finally {
    await c.end();
  }
  times.sort((a, b) => a - b);
  return {
    read,
    main,
    statementMs,
    builds: times.length,
    p50Ms: quantile(times, 0.5),
    maxMs: times[times.length - 1],
    sentBytes,
    textBytes,
  };
}

/** Waits (at most two minutes) until no statement runs on the bench database but this one. */
async function drained(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      const { rows } = await c.query(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and state = 'active' and pid <> pg_backend_pid() and query not ilike 'listen%'`,
      );
      if (rows[0].n === 0) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await c.end();
  }
}

/**
 * The main queries as the bare route takes them, with the app's answer, as sent, beside each read
 * whose answer is a text the app keeps (Read.bareSendsAnswer): fetched once, gzip left packed.
 */
async function withKeptAnswers(
  app: Child,
  reads: Read[],
  mains: Record<string, MainQuery>,
  cookies: Record<string, string>,
): Promise<Record<string, MainQuery & { answer?: KeptAnswer }>> {
  const out: Record<string, MainQuery & { answer?: KeptAnswer }> = { ...mains };
  for (const read of reads.filter((r) => r.bareSendsAnswer)) {
    const headers = { ...read.headers, cookie: `${SESSION_COOKIE}=${cookies[read.role]}` };
    const { status, body, headers: sent } = await rawGet(`http://127.0.0.1:${app.port}${read.url}`, headers);
    if (status !== 200) throw new Error(`${read.key}: the app answered ${status}`);
    const kept = ['content-type', 'content-encoding', 'etag', 'last-modified', 'cache-control', 'vary'];
    out[read.key] = {
      ...mains[read.key],
      answer: {
        base64: body.toString('base64'),
        headers: Object.fromEntries(kept.flatMap((h) => (sent[h] ? [[h, String(sent[h])]] : []))),
      },
    };
  }
  return out;
}

/** A GET whose body is kept as sent (fetch would unpack gzip). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: Buffer; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function deleteStreamSessions(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    // The bench's own sessions only (user agent 'lampstand-bench'); the next run writes them again.
    await c.query(`delete from sessions where user_agent = 'lampstand-bench'`);
  } finally {
    await c.end();
  }
}

/**
 * The main queries to time again cut to the first scale's answer: those of the reads that can be
 * cut (Read.cutTo) whose answer here has more rows than there. None on the first scale itself.
 * `count` runs a statement on this scale's church, for the cuts that try several.
 */
export async function cutToFirstScale(
  reads: Read[],
  mains: Record<string, MainQuery>,
  answer: { rows: Record<string, number>; shown?: Record<string, Shown> },
  first: ScaleResult | undefined,
  count: RowCounter,
): Promise<Record<string, MainQuery>> {
  const out: Record<string, MainQuery> = {};
  for (const read of reads) {
    const there = first?.reads.find((r) => r.read.key === read.key);
    const rowsThere = there?.answerRows;
    if (!read.cutTo || rowsThere === undefined) continue;
    const shownHere = answer.shown?.[read.key];
    const shownThere = there?.answerShown;
    const moreShown = !!shownHere && !!shownThere && Object.entries(shownHere).some(([column, v]) => v > (shownThere[column] ?? 0));
    if (answer.rows[read.key] <= rowsThere && !moreShown) continue;
    out[read.key] = await read.cutTo(mains[read.key], Math.max(1, rowsThere), count, shownThere);
  }
  return out;
}

// ---------------------------------------------------------------- report

const ms = (v: number) => (Number.isFinite(v) ? (v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${Math.round(v)} ms`) : 'n/a');
const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
const num = (v: number) => (v >= 100 ? Math.round(v).toLocaleString('en-US') : v.toFixed(1));

/**
 * Growth from the smallest to the largest scale of the run, per read: of the app's p95 (the
 * growth target), or of another figure (the main query's time on one connection).
 */
export function growth(results: BenchResults, figure: (r: ReadResult) => number = (r) => r.app.p95): Map<string, number> {
  const out = new Map<string, number>();
  if (results.scales.length < 2) return out;
  const first = results.scales[0];
  const last = results.scales[results.scales.length - 1];
  for (const r of last.reads) {
    const base = first.reads.find((x) => x.read.key === r.read.key);
    if (base && figure(base) > 0) out.set(r.read.key, figure(r) / figure(base));
  }
  return out;
}

/** A growth from the statements timed in turns (timeInTurns). */
function turnsGrowth(turns: Record<string, StatementTurns>, last: (t: StatementTurns) => number): Map<string, number> {
  return new Map(Object.entries(turns).map(([key, t]) => [key, last(t) / t.first]));
}

/**
 * The main query's growth on one connection, beside the p95's: from the statements timed in turns
 * when the run has them, else from each scale's own timing.
 */
export const statementGrowth = (results: BenchResults) =>
  results.turns ? turnsGrowth(results.turns, (t) => t.last) : growth(results, (r) => r.statementMs);

/**
 * The main query's growth at the same answer: where the first scale's page was not full (Read.cutTo),
 * the last scale's statement cut to that answer's rows, against the first's; elsewhere the
 * answers are alike and this is the statement's growth. What grows here grows with the church,
 * not with the page (docs/benchmarks.md). Timed in turns too, when the run has them.
 */
export const sameAnswerGrowth = (results: BenchResults) =>
  results.turns ? turnsGrowth(results.turns, (t) => t.lastCut ?? t.last) : statementGrowth(results);

/** The growth column's heading: from the run's first scale to its last. */
export function growthLabel(scales: Scale[]): string {
  return `p95 growth ${scales[0]} -> ${scales[scales.length - 1]}`;
}

const times = (g: number | undefined) => (g === undefined ? '' : Number.isFinite(g) ? `${g.toFixed(1)}x` : 'n/a');

/** The growth maps a scale's table shows beside its figures (empty when the run has one scale). */
export interface GrowthColumns {
  /** Of the app's p95 (the benchmark target). */
  p95: Map<string, number>;
  /** Of the main query alone on one connection. */
  statement?: Map<string, number>;
  /** Of the main query alone at the first scale's answer (sameAnswerGrowth). */
  sameAnswer?: Map<string, number>;
}

/**
 * One scale's table. The last columns are the main query alone on one connection and its growth
 * between the run's scales, steadier than the p95 under load on a machine that drifts; then the
 * same growth at the same answer, where the first scale's page was not full.
 */
export function scaleTable(s: ScaleResult, growths: GrowthColumns, label = growthLabel(DEFAULT_SCALES)): string {
  const lines = [
    `| read | req/s | p50 | p95 | p99 | bare req/s | bare p95 | app/bare | ${label} | answer kB | SQL/call | main query alone (ms) | its growth | at the same answer |`,
    `|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`,
  ];
  for (const r of s.reads) {
    const key = r.read.key;
    lines.push(
      `| ${r.read.name} | ${num(r.app.reqPerSec)} | ${ms(r.app.p50)} | ${ms(r.app.p95)} | ${ms(r.app.p99)} | ${num(r.bare.reqPerSec)} | ${ms(r.bare.p95)} | ${ratio(r.app.reqPerSec, r.bare.reqPerSec)} | ${times(growths.p95.get(key))} | ${(r.app.bytes / 1000).toFixed(1)} | ${r.main.statements} | ${r.statementMs.toFixed(2)} | ${times(growths.statement?.get(key))} | ${times(growths.sameAnswer?.get(key))} |`,
    );
  }
  return lines.join('\n');
}

export function machine(): string {
  const pgVersion = (() => {
    try {
      return execSync('psql --version', { encoding: 'utf8' }).trim();
    } catch {
      return 'unknown';
    }
  })();
  const commit = (() => {
    try {
      return execSync('git rev-parse --short HEAD', { cwd: ROOT, encoding: 'utf8' }).trim();
    } catch {
      return 'unknown';
    }
  })();
  return `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown cpu'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB memory, Node ${process.version}, ${pgVersion} client; commit ${commit}`;
}

/**
 * Bundle sizes per route, gzipped, of the web build in dist/web (`npm run bench` builds it first).
 * Measured by bundle-sizes.ts, the same code `npm run check:bundle` enforces the budgets with.
 */
export function bundleSizesSection(distDir = path.join(ROOT, 'dist', 'web')): string {
  if (!fs.existsSync(path.join(distDir, '.vite', 'manifest.json'))) return '_No web build in dist/web: bundle sizes not measured._';
  let sizes: ReturnType<typeof measureBundle>;
  try {
    sizes = measureBundle(distDir, readRoutePages(path.join(ROOT, 'src', 'web')), { publicPaths: PUBLIC_PATHS });
  } catch (err) {
    // A build older than the source (a route added since): say so rather than fail the whole report.
    return `_The web build in dist/web does not match the source (${(err as Error).message}): bundle sizes not measured; \`npm run bench\` builds first._`;
  }
  return `gzip level ${sizes.gzipLevel}, kB = 1000 bytes.\n\n${formatTable(sizes)}`;
}

export function renderReport(results: BenchResults, label: string, serverVersion: string): string {
  const growths: GrowthColumns = { p95: growth(results), statement: statementGrowth(results), sameAnswer: sameAnswerGrowth(results) };
  const o = results.options;
  const parts = [
    `## ${label}: ${results.startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Machine: ${machine()}; server ${serverVersion}. Scales: ${o.scales.join(', ')}; ${o.seconds} s per read after ${o.warmupSeconds} s warm-up${o.rounds > 1 ? `, app and bare route taking turns in ${o.rounds} rounds` : ''}, ${o.connections} connections, load generator on the same machine. Whole run ${Math.round(results.seconds)} s.`,
    '',
  ];
  if (results.turns) {
    parts.push(
      `"its growth" and "at the same answer": each read's main query on the ${o.scales[0]} and the ${o.scales[o.scales.length - 1]} church (and cut to the ${o.scales[0]} answer, decision 0050) timed again after the loads, taking turns on one connection to each; "main query alone" is each church's own timing before its loads.`,
      '',
    );
  }
  for (const s of results.scales) {
    parts.push(
      `### ${s.scale} requests (${s.database}${s.reused ? ', reused' : `, generated in ${Math.round(s.generateSeconds)} s`})`,
      '',
      scaleTable(s, growths, growthLabel(o.scales)),
      '',
      `Start time (spawn of \`node --import tsx src/server/main.ts\` on the existing database to the first answer): ${ms(s.startMs)}.`,
    );
    for (const e of s.exports ?? []) {
      parts.push(
        '',
        `${e.read.name[0].toUpperCase()}${e.read.name.slice(1)}: ${e.rows.toLocaleString('en-US')} rows, ${(e.bytes / 1e6).toFixed(2)} MB a download; ${e.downloads} downloads, ${e.connections} at a time, in ${e.seconds.toFixed(1)} s: ${num(e.rowsPerSec)} rows/s, ${e.mbPerSec.toFixed(1)} MB/s, ${ms(e.meanMs)} a download; app RSS ${e.rssBeforeMiB.toFixed(0)} MiB before, ${e.rssPeakMiB.toFixed(0)} MiB at its peak.`,
      );
    }
    for (const b of s.builds ?? []) {
      parts.push(
        '',
        `${b.read.name[0].toUpperCase()}${b.read.name.slice(1)} (its stored text forgotten before each fetch, one fetch at a time): ${b.builds} builds, p50 ${ms(b.p50Ms)}, max ${ms(b.maxMs)}; ${(b.textBytes / 1000).toFixed(1)} kB of text, ${(b.sentBytes / 1000).toFixed(1)} kB sent gzip; its rows' statement alone ${b.statementMs.toFixed(2)} ms.`,
      );
    }
    if (s.fanout) {
      const f = s.fanout;
      parts.push(
        `Event-stream fan-out: ${f.streams} streams opened in ${f.openSeconds.toFixed(1)} s; one change delivered to ${f.delivered}: p50 ${ms(f.deliveryP50)}, p95 ${ms(f.deliveryP95)}, max ${ms(f.deliveryMax)}; app RSS ${f.rssBeforeMiB.toFixed(0)} MiB before the streams, ${f.rssAfterMiB.toFixed(0)} MiB after.`,
      );
    }
    if (s.plans) {
      const failed = s.plans.filter((p) => !p.ok).map((p) => p.key);
      parts.push(
        '',
        `Query plans of the main queries (plans.ts, EXPLAIN ANALYZE on this church): ${failed.length ? `Seq Scan of requests, request_items or notifications in ${failed.join(', ')}` : 'no Seq Scan of requests, request_items or notifications'}.`,
        '',
        plansTable(s.plans),
      );
    }
    parts.push('');
  }
  parts.push('### Bundle sizes', '', bundleSizesSection(), '');
  return parts.join('\n');
}

async function serverVersion(url: string): Promise<string> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query('show server_version');
    return `PostgreSQL ${rows[0].server_version}`;
  } finally {
    await c.end();
  }
}

export const REPORT_FILE = path.join(ROOT, 'docs', 'benchmarks.md');

/** The markers around the results section of docs/benchmarks.md: `npm run bench` rewrites what is between them. */
export const RESULTS_START = '<!-- bench:results:start (written by npm run bench; edits here are lost) -->';
export const RESULTS_END = '<!-- bench:results:end -->';

/**
 * The report with its results section replaced by `markdown` (the latest run): the method and the
 * targets around it stay as written; past runs stay in git history. A file without the markers is
 * an error, not a place to append to.
 */
export function replaceResults(existing: string, markdown: string): string {
  const start = existing.indexOf(RESULTS_START);
  const end = existing.indexOf(RESULTS_END);
  if (start < 0 || end < start) throw new Error(`docs/benchmarks.md has no results section between ${RESULTS_START} and ${RESULTS_END}`);
  return `${existing.slice(0, start + RESULTS_START.length)}\n\n${markdown.trim()}\n\n${existing.slice(end)}`;
}

/** Writes a run as the results section of docs/benchmarks.md, formatted as `npm run lint` (prettier) expects. */
export async function writeReport(markdown: string, file = REPORT_FILE) {
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(file)) ?? {};
  const text = await prettier.format(replaceResults(fs.readFileSync(file, 'utf8'), markdown), { ...options, filepath: file });
  fs.writeFileSync(file, text);
}

async function main() {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: 'both' },
      seconds: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      rounds: { type: 'string', default: '2' },
      connections: { type: 'string', default: '32' },
      streams: { type: 'string', default: '1000' },
      only: { type: 'string' },
      label: { type: 'string', default: 'Latest run' },
      'no-report': { type: 'boolean', default: false },
      fresh: { type: 'boolean', default: false },
      'database-prefix': { type: 'string', default: BENCH_DATABASE_PREFIX },
    },
  });
  const prefix = values['database-prefix']!;
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) throw new Error('DATABASE_URL must name a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/postgres).');
  const scales = (values.scale === 'both' ? DEFAULT_SCALES : values.scale!.split(',')) as Scale[];
  for (const s of scales) if (!(s in SCALES)) throw new Error(`--scale: unknown scale ${s}`);
  const results = await runBench({
    baseUrl,
    scales,
    seconds: Number(values.seconds),
    warmupSeconds: Number(values.warmup),
    rounds: Number(values.rounds),
    connections: Number(values.connections),
    streams: Number(values.streams),
    only: values.only?.split(','),
    fresh: values.fresh,
    database: (scale) => benchDatabaseName(scale, prefix),
  });
  const report = renderReport(results, values.label!, await serverVersion(baseUrl));
  console.log(`\n${report}`);
  if (!values['no-report']) {
    await writeReport(report);
    console.log(`Results written to ${path.relative(process.cwd(), REPORT_FILE)}`);
  }
  const failedPlans = results.scales.flatMap((s) => (s.plans ?? []).filter((p) => !p.ok).map((p) => `${s.scale} ${p.key}`));
  if (failedPlans.length) {
    console.error(`\nQuery-plan assertions failed (Seq Scan of requests, request_items or notifications): ${failedPlans.join(', ')}`);
    process.exit(1);
  }
  process.exit(0);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
