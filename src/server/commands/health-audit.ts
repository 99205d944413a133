import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { HealthSeverity, HealthStatus } from '../../shared/api/health';
import { MAIL_DELIVERY_MESSAGES } from '../../shared/api/outbox';
import { RUNWAY_WEEKS } from '../../shared/domain/constants';
import { todayIn, upcomingSundays } from '../../shared/domain/dates';
import { healthScore } from '../../shared/domain/planning-rules';
import { DONE_ITEM_STATUSES, FINISHED_REQUEST_STATUSES, ARCHIVED_REQUEST_STATUSES } from '../../shared/domain/statuses';
import type { AppContext } from '../platform/context';
import { MIGRATIONS_FOLDER, rowsOf, type Executor } from '../platform/db/client';
import { systemHealthLog } from '../platform/db/schema';
import { claimJob, markJobRun } from '../platform/jobs/scheduler';
import { platformLog } from '../platform/log';
import { MAX_ATTEMPTS } from '../platform/mail/outbox';
import { loadWindow, sundayReadinessOf } from '../queries/sunday-readiness';
import { backupHealth } from '../platform/backup/schedule';

/**
 * The system health audit (guide/administration.md#system-health; guide/administration.md#system-health): real checks, one
 * system_health_log row each under one run id, with status, severity, summary, details and how
 * long the check took. A check that throws is logged Failed with what it threw, so one broken
 * check never hides the others. Run from the health page, daily by the scheduler, and when an
 * admin opens the runways dashboard (at most once an hour).
 */

/** The scheduler's name for the audit in job_runs; the dashboard's hourly run shares the row. */
export const HEALTH_AUDIT_JOB = 'system_health_audit';
export const HEALTH_AUDIT_INTERVAL_MS = 24 * 60 * 60 * 1000;
export const DASHBOARD_AUDIT_INTERVAL_MS = 60 * 60 * 1000;
/** The tasks module's reminder job in job_runs (its REMINDER_JOB; a test keeps the two equal, a command imports no module). */
export const REMINDER_JOB = 'task_reminders';

/** An e-mail still unsent after this long is a backlog. */
export const OUTBOX_BACKLOG_MINUTES = 60;
/** Requests waiting this long for a coordinator are flagged (guide/administration.md#system-health Accountability). */
export const UNASSIGNED_HOURS = 48;
/** Sundays below this readiness are flagged (guide/administration.md#system-health). */
export const READINESS_FLOOR = 70;
/** Overdue tasks from this many on are High, not Medium. */
const MANY_OVERDUE = 10;

export const CHECK_NAMES = {
  database: 'Database reachable and migrated',
  outbox: 'E-mail outbox',
  reminders: 'Task reminder job',
  overdue: 'Overdue tasks',
  unassigned: 'Unassigned requests',
  readiness: 'Upcoming Sunday readiness',
  planned: 'Upcoming Sundays planned',
  files: 'File store writable',
  backups: 'Last good backup',
} as const;

export interface CheckResult {
  status: HealthStatus;
  severity: HealthSeverity;
  summary: string;
  details?: string | null;
}

const passed = (summary: string, details?: string): CheckResult => ({ status: 'Passed', severity: 'Info', summary, details });
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const count = async (db: Executor, query: ReturnType<typeof sql>): Promise<number> =>
  Number(rowsOf<{ n: number | string }>(await db.execute(query))[0]?.n ?? 0);

// ---------------------------------------------------------------- the checks

/** The migration journal on disk against drizzle's record of applied migrations. */
export async function checkDatabase(db: Executor): Promise<CheckResult> {
  const journal = JSON.parse(await fs.readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string; when: number }>;
  };
  const expected = journal.entries.length;
  const latest = journal.entries[expected - 1];
  const [row] = rowsOf<{ n: number | string; last: number | string | null }>(
    await db.execute(sql`select count(*) as n, max(created_at) as last from drizzle.__drizzle_migrations`),
  );
  const applied = Number(row?.n ?? 0);
  const upToDate = applied >= expected && (!latest || Number(row?.last ?? 0) >= latest.when);
  if (upToDate)
    return passed('The database answers and every migration is applied.', `${plural(applied, 'migration')}, latest ${latest?.tag}.`);
  return {
    status: 'Failed',
    severity: 'Critical',
    summary: 'The database is behind its migrations.',
    details: `${applied} of ${expected} migrations applied; the latest should be ${latest?.tag}.`,
  };
}

/**
 * The outbox: without a mail relay nothing is ever delivered, whatever waits (decision 0053); with
 * one, a backlog or retries warn and an e-mail given up fails.
 */
export async function checkOutbox(db: Executor, smtpUrl: string | null): Promise<CheckResult> {
  const [row] = rowsOf<{ waiting: number | string; backlog: number | string; retrying: number | string; given_up: number | string }>(
    await db.execute(sql`
      select
        count(*) as waiting,
        count(*) filter (where created_at < now() - make_interval(mins => ${OUTBOX_BACKLOG_MINUTES})) as backlog,
        count(*) filter (where last_error is not null and attempts < ${MAX_ATTEMPTS}) as retrying,
        count(*) filter (where attempts >= ${MAX_ATTEMPTS}) as given_up
      from pending_emails where sent = false`),
  );
  const backlog = Number(row?.backlog ?? 0);
  const retrying = Number(row?.retrying ?? 0);
  const givenUp = Number(row?.given_up ?? 0);
  const details = `${plural(backlog, 'e-mail')} unsent over ${OUTBOX_BACKLOG_MINUTES} minutes; ${retrying} retrying after an error; ${givenUp} given up.`;
  if (!smtpUrl) {
    const waiting = Number(row?.waiting ?? 0);
    return {
      status: waiting > 0 ? 'Failed' : 'Warning',
      severity: waiting > 0 ? 'High' : 'Medium',
      summary: `${MAIL_DELIVERY_MESSAGES.notDelivering}: no mail relay is set. ${MAIL_DELIVERY_MESSAGES.waiting(waiting)}`,
      details:
        'Set SMTP_URL (for example smtp://user:password@smtp.example.org:587) and restart Lampstand. Until then, reveal invitation passwords once under Admin, E-mail Outbox.',
    };
  }
  if (givenUp > 0) return { status: 'Failed', severity: 'High', summary: `${plural(givenUp, 'e-mail')} could not be delivered.`, details };
  if (backlog > 0 || retrying > 0) {
    return { status: 'Warning', severity: 'Medium', summary: 'E-mails are waiting in the outbox.', details };
  }
  return passed('The outbox is delivering.', details);
}

export async function checkReminderJob(db: Executor, intervalMs: number, now: Date): Promise<CheckResult> {
  const [row] = rowsOf<{ last_run_at: Date | string | null }>(
    await db.execute(sql`select last_run_at from job_runs where name = ${REMINDER_JOB}`),
  );
  const last = row?.last_run_at ? new Date(row.last_run_at) : null;
  if (!last) return { status: 'Warning', severity: 'Medium', summary: 'The task reminder job has not run yet.', details: null };
  const hours = Math.round(((now.getTime() - last.getTime()) / 3_600_000) * 10) / 10;
  const details = `Last run ${last.toISOString()} (${hours} hours ago); it runs every ${Math.round(intervalMs / 60_000)} minutes.`;
  // Two intervals missed means the scheduler stopped, not that a tick is merely late.
  if (now.getTime() - last.getTime() > 2 * intervalMs) {
    return { status: 'Failed', severity: 'High', summary: 'The task reminder job has stopped running.', details };
  }
  return passed('The task reminder job runs on time.', details);
}

const notIn = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const OVER_STATUSES = [...FINISHED_REQUEST_STATUSES, ...ARCHIVED_REQUEST_STATUSES, 'on_hold'];

/** Tasks of live requests past their due date (in the church's calendar) and not done. */
export async function checkOverdueTasks(db: Executor, timeZone: string, now: Date): Promise<CheckResult> {
  const today = todayIn(timeZone, now);
  const n = await count(
    db,
    sql`select count(*) as n from request_items i join requests r on r.id = i.request_id
        where i.due_date < ${today} and i.status not in (${notIn(DONE_ITEM_STATUSES)})
          and r.status not in (${notIn(OVER_STATUSES)})`,
  );
  if (n === 0) return passed('No task is overdue.');
  return {
    status: 'Warning',
    severity: n >= MANY_OVERDUE ? 'High' : 'Medium',
    summary: `${plural(n, 'task is', 'tasks are')} overdue.`,
    details: `Tasks due before ${today} and not approved, published or complete.`,
  };
}

export async function checkUnassignedRequests(db: Executor): Promise<CheckResult> {
  const n = await count(
    db,
    sql`select count(*) as n from requests
        where current_coordinator_id is null
          and submitted_at < now() - make_interval(hours => ${UNASSIGNED_HOURS})
          and status not in (${notIn(OVER_STATUSES)})`,
  );
  if (n === 0) return passed(`No request has waited over ${UNASSIGNED_HOURS} hours for a coordinator.`);
  return {
    status: 'Warning',
    severity: 'Medium',
    summary: `${plural(n, 'request has', 'requests have')} had no coordinator for over ${UNASSIGNED_HOURS} hours.`,
    details: 'Assign them from the intake queue.',
  };
}

/** The next six Sundays by the dashboard's readiness; the nearest one below the floor is High. */
export async function checkSundayReadiness(db: Executor, timeZone: string, now: Date): Promise<CheckResult> {
  const dates = upcomingSundays(timeZone, RUNWAY_WEEKS, now);
  const w = await loadWindow(db, dates);
  // A Sunday without tasks has no readiness: the 'Sundays planned' check reports it.
  const low = dates
    .map((date) => ({ date, pct: sundayReadinessOf(w, date) }))
    .filter((s): s is { date: string; pct: number } => s.pct !== null && s.pct < READINESS_FLOOR);
  if (low.length === 0) return passed(`Every upcoming Sunday is at least ${READINESS_FLOOR}% ready.`);
  return {
    status: 'Warning',
    severity: low[0].date === dates[0] ? 'High' : 'Medium',
    summary: `${plural(low.length, 'upcoming Sunday is', 'upcoming Sundays are')} below ${READINESS_FLOOR}% readiness.`,
    details: low.map((s) => `${s.date}: ${s.pct}%`).join('; '),
  };
}

/**
 * Sundays of the window with no task at all (no runway, no recurring task, nothing saved) are not
 * planned: never 'on track' (decision 0055). The nearest one unplanned is High.
 */
export async function checkSundaysPlanned(db: Executor, timeZone: string, now: Date): Promise<CheckResult> {
  const dates = upcomingSundays(timeZone, RUNWAY_WEEKS, now);
  const w = await loadWindow(db, dates);
  const unplanned = dates.filter((date) => sundayReadinessOf(w, date) === null);
  if (unplanned.length === 0) return passed('Every upcoming Sunday has tasks planned.');
  return {
    status: 'Warning',
    severity: unplanned[0] === dates[0] ? 'High' : 'Medium',
    summary: `${plural(unplanned.length, 'upcoming Sunday is', 'upcoming Sundays are')} not planned: no runway task reaches ${unplanned.length === 1 ? 'it' : 'them'}.`,
    details: `${unplanned.join('; ')}. Set up runways and their recurring tasks under Runways > Manage runways (/runways/manage).`,
  };
}

export async function checkFileStore(ctx: AppContext): Promise<CheckResult> {
  await ctx.files.checkWritable();
  return passed('The file store accepts new files.');
}

/** The newest backup's age; missing or over two days old while scheduled backups are on warns (decision 0054). */
export async function checkBackups(ctx: AppContext, now: Date): Promise<CheckResult> {
  const h = await backupHealth(ctx, now);
  return { ...h, severity: h.status === 'Passed' ? 'Info' : 'High' };
}

// ---------------------------------------------------------------- the run

async function timed(check: () => Promise<CheckResult>): Promise<CheckResult & { durationMs: number }> {
  const started = performance.now();
  let result: CheckResult;
  try {
    result = await check();
  } catch (err) {
    result = {
      status: 'Failed',
      severity: 'Critical',
      summary: 'The check could not complete.',
      details: (err as Error)?.message ?? String(err),
    };
  }
  return { ...result, durationMs: Math.round(performance.now() - started) };
}

export interface AuditRun {
  runId: string;
  score: number;
  checks: number;
}

/** Runs every check and writes its rows under one run id; `checkedBy` is null for the scheduler. */
export async function runHealthAudit(ctx: AppContext, checkedBy: string | null, now: Date = new Date()): Promise<AuditRun> {
  const tz = ctx.config.churchTimeZone;
  const checks: Array<[string, () => Promise<CheckResult>]> = [
    [CHECK_NAMES.database, () => checkDatabase(ctx.db)],
    [CHECK_NAMES.outbox, () => checkOutbox(ctx.db, ctx.config.smtpUrl)],
    [CHECK_NAMES.reminders, () => checkReminderJob(ctx.db, ctx.config.reminderIntervalMs, now)],
    [CHECK_NAMES.overdue, () => checkOverdueTasks(ctx.db, tz, now)],
    [CHECK_NAMES.unassigned, () => checkUnassignedRequests(ctx.db)],
    [CHECK_NAMES.readiness, () => checkSundayReadiness(ctx.db, tz, now)],
    [CHECK_NAMES.planned, () => checkSundaysPlanned(ctx.db, tz, now)],
    [CHECK_NAMES.files, () => checkFileStore(ctx)],
    [CHECK_NAMES.backups, () => checkBackups(ctx, now)],
  ];
  const runId = randomUUID();
  const rows = [];
  for (const [automationName, check] of checks) {
    const r = await timed(check);
    rows.push({ runId, dateRun: now, automationName, checkedBy, ...r, details: r.details ?? null });
  }
  await ctx.db.insert(systemHealthLog).values(rows);
  return { runId, score: healthScore(rows.map((r) => r.status)), checks: rows.length };
}

/** Runs the audit and records it in job_runs, as a scheduled run would (the page's Run Health Check). */
export async function runHealthAuditNow(ctx: AppContext, checkedBy: string | null): Promise<AuditRun> {
  const run = await runHealthAudit(ctx, checkedBy);
  await markJobRun(ctx.db, HEALTH_AUDIT_JOB);
  return run;
}

/**
 * The runways dashboard's audit: at most once an hour across every instance (the job_runs claim
 * decides who runs it). It never fails the dashboard: a failure is logged and the page reads on.
 */
export async function auditIfDue(ctx: AppContext, checkedBy: string): Promise<boolean> {
  try {
    if (!(await claimJob(ctx.db, HEALTH_AUDIT_JOB, DASHBOARD_AUDIT_INTERVAL_MS))) return false;
    await runHealthAuditNow(ctx, checkedBy);
    return true;
  } catch (err) {
    await ctx.db.execute(sql`update job_runs set locked_until = null where name = ${HEALTH_AUDIT_JOB}`).catch(() => {});
    platformLog().error({ err }, 'system health audit on the dashboard failed');
    return false;
  }
}

/** The daily audit for the scheduler in main.ts. */
export const healthAuditJob = (ctx: AppContext) => ({
  name: HEALTH_AUDIT_JOB,
  intervalMs: HEALTH_AUDIT_INTERVAL_MS,
  run: () => runHealthAudit(ctx, null),
});
