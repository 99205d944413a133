import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/client';
import type { OutageTracker } from '../outage';

/**
 * A small scheduler for periodic jobs (ARCHITECTURE.md, guide/tasks-and-calendar.md#reminders). Every instance ticks; a job runs only
 * where its row in job_runs could be claimed: due (last run at least one interval ago) and not
 * leased by another instance. The lease, not an open transaction, guards the run, so PGlite's one
 * connection is never held while a job waits on itself, and a crashed instance's lease expires.
 */
export interface ScheduledJob {
  name: string;
  intervalMs: number;
  run: () => Promise<unknown>;
}

/** How long a claimed job may run before another instance may take it over. */
export const JOB_LEASE_MS = 10 * 60 * 1000;

/** Claims the job if it is due and free; true when this caller now owns the run. */
export async function claimJob(db: Executor, name: string, intervalMs: number, leaseMs = JOB_LEASE_MS): Promise<boolean> {
  await db.execute(sql`insert into job_runs (name) values (${name}) on conflict (name) do nothing`);
  const claimed = await db.execute(sql`
    update job_runs set locked_until = now() + make_interval(secs => ${leaseMs / 1000})
    where name = ${name}
      and (locked_until is null or locked_until < now())
      and (last_run_at is null or last_run_at <= now() - make_interval(secs => ${intervalMs / 1000}))
    returning name`);
  return rowsOf(claimed).length > 0;
}

/** Records a finished run (also used when a job is run by hand) and frees the lease. */
export async function markJobRun(db: Executor, name: string): Promise<void> {
  await db.execute(sql`
    insert into job_runs (name, last_run_at, locked_until) values (${name}, now(), null)
    on conflict (name) do update set last_run_at = now(), locked_until = null`);
}

/** A failed run frees the lease without counting as a run, so the next tick tries again. */
export async function releaseJob(db: Executor, name: string): Promise<void> {
  await db.execute(sql`update job_runs set locked_until = null where name = ${name}`);
}

/** Runs the job now if this instance can claim it; true when it ran. */
export async function runIfDue(db: Executor, job: ScheduledJob): Promise<boolean> {
  if (!(await claimJob(db, job.name, job.intervalMs))) return false;
  try {
    await job.run();
  } catch (err) {
    await releaseJob(db, job.name);
    throw err;
  }
  await markJobRun(db, job.name);
  return true;
}

export interface Scheduler {
  /** One pass over every job (what each tick does); resolves when the pass is over. */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Ticks every `tickMs` (at most a minute, so a job is late by at most that much) and once shortly
 * after start. One pass at a time per instance.
 */
export function startScheduler(
  db: Executor,
  jobs: ScheduledJob[],
  opts: {
    tickMs?: number;
    firstTickMs?: number;
    onError?: (err: unknown, job: string) => void;
    /** Failures because the database is unreachable are counted there, not reported each tick. */
    outage?: OutageTracker;
  } = {},
): Scheduler {
  const tickMs = opts.tickMs ?? Math.min(60_000, ...jobs.map((j) => j.intervalMs));
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  let stopped = false;

  const pass = async () => {
    for (const job of jobs) {
      if (stopped) return;
      try {
        await runIfDue(db, job);
      } catch (err) {
        if (!opts.outage?.absorb(err, 'jobs')) opts.onError?.(err, job.name);
      }
    }
  };
  const tick = () => {
    if (stopped || busy) return running;
    busy = true;
    running = pass().finally(() => {
      busy = false;
    });
    return running;
  };

  const first = setTimeout(() => void tick(), opts.firstTickMs ?? 5_000);
  const timer = setInterval(() => void tick(), tickMs);
  first.unref();
  timer.unref();
  return {
    tick,
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
