import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, type TestApp } from '../../test/harness';
import { jobRuns } from '../db/schema';
import { claimJob, markJobRun, runIfDue, startScheduler } from './scheduler';
import { captureLog, until } from '../../test/log-capture';

const HOUR = 3_600_000;

describe.each(BACKENDS)('job scheduler on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => t.close());

  it('lets only one claimant run a due job until its lease ends or the run is recorded', async () => {
    const db = t.ctx.db;
    expect(await claimJob(db, 'lease-test', HOUR)).toBe(true);
    expect(await claimJob(db, 'lease-test', HOUR)).toBe(false);
    await markJobRun(db, 'lease-test');
    // Recorded just now: not due again for an hour.
    expect(await claimJob(db, 'lease-test', HOUR)).toBe(false);
    await db.execute(sql`update job_runs set last_run_at = now() - interval '2 hours' where name = 'lease-test'`);
    expect(await claimJob(db, 'lease-test', HOUR)).toBe(true);
    // A crashed holder's lease expires and the job can be claimed again.
    await db.execute(sql`update job_runs set locked_until = now() - interval '1 second' where name = 'lease-test'`);
    expect(await claimJob(db, 'lease-test', HOUR)).toBe(true);
  });

  it('runs a due job once, frees the lease when it fails, and ticks on a schedule', async () => {
    const db = t.ctx.db;
    let runs = 0;
    const job = { name: 'count-test', intervalMs: HOUR, run: async () => void runs++ };
    expect(await runIfDue(db, job)).toBe(true);
    expect(await runIfDue(db, job)).toBe(false);
    expect(runs).toBe(1);

    const failing = { name: 'fail-test', intervalMs: HOUR, run: async () => Promise.reject(new Error('boom')) };
    await expect(runIfDue(db, failing)).rejects.toThrow('boom');
    const [row] = await db.select().from(jobRuns).where(eq(jobRuns.name, 'fail-test'));
    expect(row.lastRunAt).toBeNull();
    expect(row.lockedUntil).toBeNull();

    const errors: string[] = [];
    let ticked = 0;
    const scheduler = startScheduler(db, [{ name: 'tick-test', intervalMs: HOUR, run: async () => void ticked++ }, failing], {
      tickMs: 60_000,
      firstTickMs: 60_000,
      onError: (_err, name) => errors.push(name),
    });
    await scheduler.tick();
    await scheduler.tick();
    await scheduler.stop();
    expect(ticked).toBe(1);
    expect(errors).toEqual(['fail-test', 'fail-test']);
  });

  it('a job failing because the database is unreachable is counted in the outage, not reported every tick', async () => {
    const log = captureLog();
    const errors: string[] = [];
    const lost = Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
    const scheduler = startScheduler(t.ctx.db, [{ name: 'outage-test', intervalMs: HOUR, run: async () => Promise.reject(lost) }], {
      tickMs: 60_000,
      firstTickMs: 60_000,
      onError: (_err, name) => errors.push(name),
      outage: t.ctx.database.outage,
    });
    try {
      await scheduler.tick();
      await scheduler.tick();
      expect(errors).toEqual([]);
      expect(log.lines.filter((l) => /outage started/.test(l.msg))).toHaveLength(1);
      await until(() => !t.ctx.database.outage.active, 'the outage to end');
      expect(log.lines.at(-1)!.obj).toMatchObject({ failures: { jobs: 2, total: 2 } });
    } finally {
      await scheduler.stop();
      log.restore();
    }
  });
});
