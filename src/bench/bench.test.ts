// Runs long: generates a church at the smallest scale and times every read on it.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnPostgres } from '../server/test/harness';
import { DRAWER, databaseUrl, generate, type GenerateResult } from './generate';
import { mergeLoads, quantile, type LoadResult } from './load';
import { inspectPlan } from './plans';
import { benchReads, cutLists, cutPage, cutRange } from './reads';
import {
  cutToFirstScale,
  growth,
  growthLabel,
  renderReport,
  replaceResults,
  RESULTS_END,
  RESULTS_START,
  runBench,
  sameAnswerGrowth,
  scaleTable,
  statementGrowth,
  timeInTurns,
  type BenchResults,
  type ScaleResult,
} from './run';

describe('bench figures', () => {
  it('takes percentiles as nearest-rank order statistics', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect([quantile(sorted, 0.5), quantile(sorted, 0.95), quantile(sorted, 0.99)]).toEqual([50, 95, 99]);
    expect(quantile([7], 0.95)).toBe(7);
    expect(quantile([], 0.5)).toBeNaN();
  });

  it('pools interleaved windows of a load: percentiles of every answer, throughput over their total time', () => {
    const window = (latencies: number[], seconds: number, bytes: number, errors = 0): LoadResult => ({
      requests: latencies.length,
      reqPerSec: latencies.length / seconds,
      p50: quantile(latencies, 0.5),
      p95: quantile(latencies, 0.95),
      p99: quantile(latencies, 0.99),
      non2xx: 0,
      errors,
      timeouts: 0,
      bytes,
      latencies,
      seconds,
    });
    // A fast window and a slow one (the machine slowed down): the pooled p95 is the slow one's.
    const fast = window(
      Array.from({ length: 90 }, () => 10),
      1,
      100,
    );
    const slow = window(
      Array.from({ length: 10 }, () => 200),
      1,
      300,
      1,
    );
    const merged = mergeLoads([fast, slow]);
    expect(merged).toMatchObject({ requests: 100, reqPerSec: 50, p50: 10, p95: 200, p99: 200, errors: 1, bytes: 120, seconds: 2 });
    expect(merged.latencies).toHaveLength(100);
    expect(mergeLoads([fast])).toMatchObject({ requests: 90, reqPerSec: 90, p95: 10, bytes: 100 });
  });

  it('fails a plan that seq-scans requests, request_items or notifications, and only those', () => {
    const plan = {
      'Node Type': 'Hash Join',
      Plans: [
        { 'Node Type': 'Seq Scan', 'Relation Name': 'users' },
        { 'Node Type': 'Seq Scan', 'Relation Name': 'request_items', 'Temp Written Blocks': 12 },
      ],
    };
    const bad = inspectPlan('x', plan, 5);
    expect(bad).toMatchObject({ ok: false, seqScans: ['request_items'], tempBlocks: 12 });
    const good = inspectPlan('y', { 'Node Type': 'Index Scan', 'Relation Name': 'requests', 'Index Name': 'requests_pkey' }, 1);
    expect(good).toMatchObject({ ok: true, scans: ['Index Scan requests (requests_pkey)'] });
  });

  /** A load of one answer taking `p95` ms. */
  const oneAnswer = (p95: number): LoadResult => ({
    requests: 1,
    reqPerSec: 1,
    p50: 1,
    p95,
    p99: p95,
    non2xx: 0,
    errors: 0,
    timeouts: 0,
    bytes: 1,
    latencies: [p95],
    seconds: 1,
  });

  /** A scale's results with the first read only, its p95 and its main query's time as given. */
  const scaleOf = (name: '1k' | '100k' | '300k', p95: number, statementMs = 1): ScaleResult => ({
    scale: name,
    database: name,
    generateSeconds: 0,
    reused: true,
    startMs: 1,
    fanout: null,
    plans: null,
    reads: [
      {
        read: benchReads()[0],
        main: { text: 'select 1', values: [], statements: 1 },
        statementMs,
        app: oneAnswer(p95),
        bare: oneAnswer(p95),
      },
    ],
  });

  it('computes the p95 growth from the first scale to the last', () => {
    const read = benchReads()[0];
    const results = { scales: [scaleOf('1k', 20), scaleOf('100k', 50)] } as BenchResults;
    expect(growth(results).get(read.key)).toBe(2.5);
    // A run of 100k and 300k says so in its heading, and its growth is between those two.
    const beyond = { scales: [scaleOf('100k', 50), scaleOf('300k', 55)] } as BenchResults;
    expect(growth(beyond).get(read.key)).toBeCloseTo(1.1);
    expect(growthLabel(['100k', '300k'])).toBe('p95 growth 100k -> 300k');
    const table = scaleTable(beyond.scales[1], { p95: growth(beyond) }, growthLabel(['100k', '300k']));
    expect(table.split('\n')[0]).toContain('| p95 growth 100k -> 300k |');
    expect(table.split('\n')[2]).toContain('| 1.1x |');
    expect(scaleTable(results.scales[1], { p95: growth(results) }).split('\n')[0]).toContain('| p95 growth 1k -> 100k |');
  });

  it("computes the main query's growth on one connection beside the p95's, and shows both", () => {
    const withStatements = {
      scales: [scaleOf('1k', 20, 0.4), scaleOf('100k', 50, 0.5)],
    } as BenchResults;
    const key = benchReads()[0].key;
    expect(growth(withStatements).get(key)).toBe(2.5);
    expect(statementGrowth(withStatements).get(key)).toBeCloseTo(1.25);
    const growths = {
      p95: growth(withStatements),
      statement: statementGrowth(withStatements),
      sameAnswer: sameAnswerGrowth(withStatements),
    };
    const table = scaleTable(withStatements.scales[1], growths, growthLabel(['1k', '100k']));
    expect(table.split('\n')[0]).toContain('| main query alone (ms) | its growth | at the same answer |');
    // No cut timed: the answers are alike and the growth at the same answer is the statement's.
    expect(table.split('\n')[2]).toMatch(/\| 2\.5x \|.*\| 0\.50 \| 1\.3x \| 1\.3x \|$/);
    // Timed again in turns after the loads: both growths come from those times, the one at the
    // same answer from the cut statement where there is one, the statement's own elsewhere.
    const other = benchReads()[1].key;
    withStatements.turns = { [key]: { first: 0.4, last: 0.6, lastCut: 0.44 }, [other]: { first: 0.2, last: 0.3 } };
    expect(statementGrowth(withStatements).get(key)).toBeCloseTo(1.5);
    expect(sameAnswerGrowth(withStatements).get(key)).toBeCloseTo(1.1);
    expect(sameAnswerGrowth(withStatements).get(other)).toBeCloseTo(1.5);
  });

  it("times the first and the last church's statements in turns, the cut ones too", async () => {
    const first = scaleOf('1k', 20, 0.4);
    const last = scaleOf('100k', 50, 0.5);
    const cutMain = { text: 'select 2', values: [], statements: 1 };
    last.reads[0] = { ...last.reads[0], sameAnswerMain: cutMain };
    const asked: string[] = [];
    const turns = await timeInTurns(first, 'postgres://one', last, 'postgres://two', async (statements) => {
      asked.push(...statements.map((s) => `${s.id}@${s.url}`));
      return Object.fromEntries(statements.map((s, i) => [s.id, i + 1]));
    });
    const key = first.reads[0].read.key;
    expect(asked.slice(0, 3)).toEqual([`${key}:first@postgres://one`, `${key}:last@postgres://two`, `${key}:cut@postgres://two`]);
    expect(turns[key]).toEqual({ first: 1, last: 2, lastCut: 3 });
    expect(Object.keys(turns)).toHaveLength(last.reads.length);
  });

  it("cuts a list's first page to fewer rows, where its LIMIT is bound or written, and refuses anything else", async () => {
    const cut = cutPage(50);
    const written = { text: 'select * from (select 1 limit 201) a limit 51', values: ['x'], name: 'ls_1', statements: 1 };
    expect(await cut(written, 6)).toEqual({ ...written, text: 'select * from (select 1 limit 201) a limit 6', name: 'ls_1_cut6' });
    const bound = { text: 'select 1 limit $2', values: ['2026-01-01', 51], name: 'ls_2', statements: 1 };
    expect(await cut(bound, 17)).toEqual({ ...bound, values: ['2026-01-01', 17] });
    await expect(cut({ text: 'select 1 limit 510', values: [], statements: 1 }, 3)).rejects.toThrow(/cannot cut/);
    await expect(cut({ text: 'select 1 limit 51 union select 2 limit 51', values: [], statements: 1 }, 3)).rejects.toThrow(/cannot cut/);
  });

  it("cuts a first page's capped count to the rows asked too, wherever the count walks", async () => {
    const cut = cutPage(50, { countCap: 200 });
    const counted = {
      text: 'with s as ((select 1 limit 201) union all (select 2 limit 201)) select (select count(*) from (select 1 from s limit 201) c) limit 51',
      values: ['me'],
      name: 'ls_3',
      statements: 1,
    };
    expect(await cut(counted, 6)).toEqual({
      ...counted,
      text: 'with s as ((select 1 limit 6) union all (select 2 limit 6)) select (select count(*) from (select 1 from s limit 6) c) limit 6',
      name: 'ls_3_cut6',
    });
    // The page's LIMIT bound, the count's written: the text changes, so the statement is another.
    const bound = { text: 'select (select count(*) from (select 1 limit 201) c) limit $1', values: [51], name: 'ls_4', statements: 1 };
    expect(await cut(bound, 9)).toEqual({
      ...bound,
      values: [9],
      text: 'select (select count(*) from (select 1 limit 9) c) limit $1',
      name: 'ls_4_cut9',
    });
    await expect(cut({ text: 'select 1 limit 51', values: [], statements: 1 }, 3)).rejects.toThrow(/cannot cut the count/);
  });

  it('cuts a range of days to the latest last day that keeps the answer within the rows asked', async () => {
    const cut = cutRange('2026-11-01', '2026-11-30');
    const month = { text: 'select $1, $2, $3', values: ['u', '2026-11-01', '2026-11-30'], name: 'ls_c', statements: 1 };
    // Four rows a day up to the range's last day, as the calendar's busy requester on 100k.
    const tried: string[] = [];
    const fourADay = async (q: { values: unknown[] }) => {
      tried.push(q.values[2] as string);
      return 4 * Number((q.values[2] as string).slice(8));
    };
    expect(await cut(month, 22, fourADay)).toEqual({ ...month, values: ['u', '2026-11-01', '2026-11-05'] });
    expect(tried.length).toBeLessThanOrEqual(5);
    expect((await cut(month, 2, fourADay)).values[2]).toBe('2026-11-01');
    expect((await cut(month, 500, fourADay)).values[2]).toBe('2026-11-30');
    await expect(cut({ ...month, values: ['u'] }, 3, fourADay)).rejects.toThrow(/cannot cut the range/);
  });

  it('rewrites only the results section of the report, and refuses a report without one', () => {
    const report = `# Benchmarks\n\nMethod.\n\n${RESULTS_START}\n\nold run\n\n${RESULTS_END}\n\n## Targets\n`;
    const once = replaceResults(report, '## Latest run\n\nnew figures\n');
    expect(once).toBe(`# Benchmarks\n\nMethod.\n\n${RESULTS_START}\n\n## Latest run\n\nnew figures\n\n${RESULTS_END}\n\n## Targets\n`);
    expect(replaceResults(once, '## Latest run\n\nnewer\n')).not.toContain('new figures');
    expect(() => replaceResults('# Benchmarks\n', 'x')).toThrow(/no results section/);
  });

  it('cuts on a later scale only the reads whose answer there has more rows than on the first', async () => {
    const reads = benchReads();
    const own = reads.find((r) => r.key === 'my-requests-mine')!;
    const first = scaleOf('1k', 20);
    first.reads[0] = { ...first.reads[0], read: own, answerRows: 6 };
    const mains = { [own.key]: { text: 'select (select count(*) from (select 1 limit 201) c) limit 51', values: [], statements: 1 } };
    // A page's cut counts nothing.
    const count = async () => {
      throw new Error('not asked');
    };
    expect(await cutToFirstScale([own], mains, { rows: { [own.key]: 51 } }, first, count)).toEqual({
      [own.key]: { ...mains[own.key], text: 'select (select count(*) from (select 1 limit 6) c) limit 6' },
    });
    expect(await cutToFirstScale([own], mains, { rows: { [own.key]: 6 } }, first, count)).toEqual({});
    expect(await cutToFirstScale([own], mains, { rows: { [own.key]: 51 } }, undefined, count)).toEqual({});
  });

  it("cuts a count of other rows than the page's to the count the first scale's answer showed", async () => {
    const myTasks = benchReads().find((r) => r.key === 'my-tasks')!;
    expect(myTasks.shownColumns).toEqual(['completed_count']);
    const first = scaleOf('1k', 20);
    first.reads[0] = { ...first.reads[0], read: myTasks, answerRows: 7, answerShown: { completed_count: 23 } };
    const text = 'select *, (select count(*) from (select 1 limit 201) c) as completed_count limit 51';
    const mains = { [myTasks.key]: { text, values: [], statements: 1 } };
    const count = async () => {
      throw new Error('not asked');
    };
    // This church's answer: a full page and the count it shows (the first scale showed 23).
    const cut = (shownHere: number) =>
      cutToFirstScale(
        [myTasks],
        mains,
        { rows: { [myTasks.key]: 51 }, shown: { [myTasks.key]: { completed_count: shownHere } } },
        first,
        count,
      );
    const cutText = (page: number) => `select *, (select count(*) from (select 1 limit 23) c) as completed_count limit ${page}`;
    expect(await cut(200)).toEqual({ [myTasks.key]: { ...mains[myTasks.key], text: cutText(7) } });
    // A full page on both scales is still cut when the count shown grew: the count's walk only.
    first.reads[0] = { ...first.reads[0], answerRows: 51 };
    expect(await cut(200)).toEqual({ [myTasks.key]: { ...mains[myTasks.key], text: cutText(51) } });
    expect(await cut(23)).toEqual({});
  });
});

describe('cutLists', () => {
  const lists: Array<[string, string]> = [
    ['a', 'a_count'],
    ['b', 'b_count'],
  ];
  const text =
    'select (select 1 limit 11) as a, (select count(*) from (select 1 limit 201) c) as a_count, (select 1 limit 11) as b, (select count(*) from (select 1 limit 201) c) as b_count';
  const main = { text, values: [], statements: 1, name: 'ls_x' };

  it("cuts each list's page and each count's walk to the first scale's values, in the lists' order", async () => {
    const cut = await cutLists(lists, 10, 200)(main, 1, undefined, { a: 3, a_count: 40, b: 0, b_count: 0 });
    expect(cut).toEqual({
      ...main,
      name: 'ls_x_cut',
      text: 'select (select 1 limit 3) as a, (select count(*) from (select 1 limit 40) c) as a_count, (select 1 limit 0) as b, (select count(*) from (select 1 limit 0) c) as b_count',
    });
  });

  it('throws when the statement has not one LIMIT of each kind per list', async () => {
    await expect(cutLists(lists, 10, 200)({ ...main, text: 'select 1 limit 11' }, 1, undefined, {})).rejects.toThrow(
      /cannot cut the lists/,
    );
    await expect(cutLists(lists, 10, 200)(main, 1)).rejects.toThrow(/first scale/);
  });
});

describeOnPostgres('the bench at the 1k scale', () => {
  const baseUrl = process.env.DATABASE_URL!;
  const database = `lampstand_bench_t_${randomBytes(4).toString('hex')}`;
  let generated: GenerateResult;
  let db: pg.Client;
  const one = async <T>(text: string, params: unknown[] = []) => (await db.query(text, params)).rows[0] as T;

  beforeAll(async () => {
    process.env.BENCH_QUIET = '1';
    generated = await generate(baseUrl, '1k', { fresh: true, database });
    db = new pg.Client({ connectionString: databaseUrl(baseUrl, database) });
    await db.connect();
  }, 120_000);

  afterAll(async () => {
    // The worker's later files share its process.
    delete process.env.BENCH_QUIET;
    await db?.end();
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  });

  it('generates the promised church', async () => {
    expect(generated.reused).toBe(false);
    const counts = await one<Record<string, number>>(`select
      (select count(*)::int from requests) as requests, (select count(*)::int from request_items) as items,
      (select count(*)::int from users) as users, (select count(*)::int from notifications) as notifications,
      (select count(*)::int from activity_log) as activity, (select count(*)::int from request_messages) as messages,
      (select count(*)::int from request_assets) as assets, (select count(*)::int from sunday_plans) as plans`);
    // 1,000 generated, the demo seed's 16 and the drawer request.
    expect(counts.requests).toBe(1017);
    expect(counts.items).toBeGreaterThan(6000);
    expect(counts.items).toBeLessThan(8000);
    expect(counts.users).toBe(510);
    expect(counts.notifications).toBeGreaterThanOrEqual(10_000);
    expect(counts.activity).toBeGreaterThan(4000);
    expect(counts.messages).toBeGreaterThan(500);
    expect(counts.assets).toBeGreaterThan(1000);
    expect(counts.plans).toBeGreaterThan(1500);
  });

  it('makes most old requests archived or complete, current work in every status, most old items complete', async () => {
    const shape = await one<{ old_done: number; live_statuses: number; old_items_complete: number; item_statuses: number }>(`select
      (select avg((status like 'archived%' or status = 'complete')::int)::float from requests where submitted_at < now() - interval '1 year') as old_done,
      (select count(distinct status)::int from requests where archived_at is null) as live_statuses,
      (select avg((i.status = 'complete')::int)::float from request_items i join requests r on r.id = i.request_id
        where r.submitted_at < now() - interval '1 year') as old_items_complete,
      (select count(distinct status)::int from request_items) as item_statuses`);
    expect(shape.old_done).toBeGreaterThan(0.8);
    expect(shape.live_statuses).toBe(14);
    expect(shape.old_items_complete).toBeGreaterThan(0.8);
    expect(shape.item_statuses).toBe(8);
  });

  it('gives the demo sign-ins rows of their own', async () => {
    const who = async (email: string) =>
      one<{ own: number; coordinated: number; assigned: number; unread: number; shared: number }>(
        `select (select count(*)::int from requests where requester_id = u.id) as own,
                (select count(*)::int from requests where current_coordinator_id = u.id) as coordinated,
                (select count(*)::int from request_items where assignee_id = u.id) as assigned,
                (select count(*)::int from notifications where user_id = u.id and not read) as unread,
                (select count(*)::int from request_viewers where user_id = u.id) as shared
           from users u where u.email = $1`,
        [email],
      );
    expect((await who('requester@example.org')).own).toBeGreaterThan(15);
    expect((await who('coordinator@example.org')).coordinated).toBeGreaterThan(50);
    expect((await who('creative@example.org')).assigned).toBeGreaterThan(100);
    expect((await who('admin@example.org')).unread).toBeGreaterThan(20);
    expect((await who('viewer@example.org')).shared).toBeGreaterThan(5);
    // Every generated user signs in with the demo password's hash.
    const hashes = await one<{ n: number }>(`select count(distinct password_hash)::int as n from users where password_hash is not null`);
    expect(hashes.n).toBe(1);
  });

  it('makes the drawer request with exactly 40 items, 170 assets and 2,000 activity rows', async () => {
    const d = await one<Record<string, number>>(
      `select (select count(*)::int from request_items where request_id = $1) as items,
              (select count(*)::int from request_assets where request_id = $1) as assets,
              (select count(*)::int from activity_log where request_id = $1) as activity,
              (select count(*)::int from request_messages where request_id = $1) as messages`,
      [DRAWER.id],
    );
    expect(d).toEqual({ items: 40, assets: 170, activity: 2000, messages: DRAWER.messages });
  });

  it('reuses a complete church instead of generating it again', async () => {
    const again = await generate(baseUrl, '1k', { database });
    expect(again.reused).toBe(true);
  });

  it('runs every read on the app and the bare route and produces every figure', async () => {
    const results = await runBench({
      baseUrl,
      scales: ['1k'],
      // Every figure made, not a steady one: each load window ends after a few answers, the exports
      // and the feed builds run to their own minimum, and each main query runs twice alone
      // instead of the bench's 250 times.
      seconds: 0.05,
      answersPerWindow: 12,
      warmupSeconds: 0,
      rounds: 1,
      connections: 2,
      streams: 20,
      statementTiming: { calls: 2, rounds: 1 },
      database: () => database,
      log: () => {},
    });
    const [s] = results.scales;
    const loaded = benchReads().filter((r) => r.measure === undefined);
    expect(s.reads.map((r) => r.read.key)).toEqual(loaded.map((r) => r.key));
    // The calendar feeds built cold, one fetch at a time: each a build of the whole text.
    expect(s.builds!.map((b) => b.read.key)).toEqual(['feed-personal-build', 'feed-team-build']);
    for (const b of s.builds!) {
      expect(b.builds, b.read.key).toBeGreaterThanOrEqual(5);
      expect(b.p50Ms).toBeGreaterThan(0);
      expect(b.textBytes).toBeGreaterThan(b.sentBytes);
      expect(b.main.text).toMatch(/as row_kind/);
    }
    // The intake's CSV export: whole downloads, every row of the live intake, memory sampled.
    expect(s.exports!.map((e) => e.read.key)).toEqual(['intake-csv']);
    const [csv] = s.exports!;
    expect(csv.downloads).toBeGreaterThanOrEqual(csv.connections);
    expect(csv.rows).toBeGreaterThan(100);
    expect(csv.rowsPerSec).toBeGreaterThan(0);
    expect(csv.rssPeakMiB).toBeGreaterThanOrEqual(csv.rssBeforeMiB);
    for (const r of s.reads) {
      for (const side of [r.app, r.bare]) {
        expect(side.reqPerSec, r.read.key).toBeGreaterThan(0);
        expect(side.non2xx).toBe(0);
        expect(side.p50).toBeGreaterThan(0);
        expect(side.p50).toBeLessThanOrEqual(side.p95);
        expect(side.p95).toBeLessThanOrEqual(side.p99);
      }
      expect(r.main.text.toLowerCase()).toMatch(/select/);
    }
    // Statements the app sends named (decision 0040) keep their name, so the bare route prepares them too.
    const named = Object.fromEntries(s.reads.map((r) => [r.read.key, r.main.name]));
    expect(named.drawer).toBe('request_drawer_coordinating');
    expect(named['event-promotions']).toMatch(/^ls_[0-9a-f]{32}$/);
    expect(named.runways).toMatch(/^ls_[0-9a-f]{32}$/);
    // Its text holds the day's dates and the code's constants: no parameter, one plan a day (decision 0042).
    expect(s.reads.find((r) => r.read.key === 'runways')!.main.values).toEqual([]);
    expect(named.board).toMatch(/^ls_[0-9a-f]{32}$/);
    // The requester's calendar is named (decision 0041); staff's stays unnamed, not benched.
    expect(named.calendar).toMatch(/^ls_[0-9a-f]{32}$/);
    expect(s.startMs).toBeGreaterThan(0);
    expect(s.fanout).toMatchObject({ streams: 20, delivered: 20 });
    expect(s.fanout!.deliveryP95).toBeGreaterThan(0);
    expect(s.fanout!.rssAfterMiB).toBeGreaterThan(0);
    const report = renderReport(results, 'Test', 'PostgreSQL');
    for (const r of s.reads) expect(report).toContain(`| ${r.read.name} |`);
    expect(report).toMatch(/app\/bare/);
    expect(report).toMatch(/Event-stream fan-out: 20 streams/);
    expect(report).toMatch(/Start time/);
    expect(report).toMatch(/Intake CSV export \(coordinator\): [\d,]+ rows/);
    // Each main query also timed alone on one connection.
    for (const r of s.reads) expect(r.statementMs, r.read.key).toBeGreaterThan(0);
    expect(report).toMatch(/main query alone \(ms\)/);
    // Each list that can be cut to another scale's answer counts its rows, and its cut statement
    // runs here and answers that many rows (the bench would time it on the 100k church).
    const cuttable = s.reads.filter((r) => r.read.cutTo);
    expect(cuttable.map((r) => r.read.key).sort()).toEqual([
      'accountability',
      'calendar',
      'calendar-coordinator',
      'capacity-cell',
      'event-promotions',
      'my-requests',
      'my-requests-mine',
      'my-tasks',
    ]);
    const count = async (q: { text: string; values: unknown[] }) => (await db.query({ text: q.text, values: q.values })).rowCount ?? 0;
    for (const r of cuttable.filter((c) => c.read.key !== 'accountability')) {
      expect(r.answerRows, r.read.key).toBeGreaterThan(1);
      const asked = Math.ceil(r.answerRows! / 2);
      const answered = await count(await r.read.cutTo!(r.main, asked, count));
      // A page is cut to the rows asked; a range of days to at most as many, never to none here.
      if (!r.read.key.startsWith('calendar')) expect(answered, r.read.key).toBe(asked);
      else expect([answered > 0, answered <= asked], r.read.key).toEqual([true, true]);
    }
    // Accountability answers one row whatever the church: its lists and counts are what a cut
    // makes the same, each cut here to half of what this church shows.
    const accountability = s.reads.find((r) => r.read.key === 'accountability')!;
    const asked = Object.fromEntries(Object.entries(accountability.answerShown!).map(([column, v]) => [column, Math.floor(v / 2)]));
    expect(Object.keys(asked).sort()).toEqual(accountability.read.shownColumns!.slice().sort());
    const cutStatement = await accountability.read.cutTo!(accountability.main, 1, count, asked);
    const [row] = (await db.query({ text: cutStatement.text, values: cutStatement.values })).rows as Array<Record<string, unknown>>;
    const shown = Object.fromEntries(Object.keys(asked).map((c) => [c, Array.isArray(row[c]) ? row[c].length : Number(row[c])]));
    expect(shown).toEqual(asked);
  }, 180_000);
});
