import type { AppContext } from './platform/context';
import type { ScheduledJob } from './platform/jobs/scheduler';
import { purgeJob } from './platform/jobs/purge';
import { fileSweepJob } from './platform/jobs/file-sweep';
import { sundayAutoLockJob } from './platform/jobs/sunday-auto-lock';
import { REMINDER_JOB, runTaskReminders } from './modules/tasks/reminders';
import { healthAuditJob } from './commands/health-audit';
import { digestJob } from './modules/email-preferences/digest';
import { nudgeJob } from './modules/tasks/nudges';
import { recurringRequestsJob } from './modules/recurring-requests/service';
import { backupJob } from './platform/backup/schedule';

/**
 * The church's periodic jobs, in the order one scheduler pass runs them (platform/jobs/scheduler.ts).
 * Task reminders run hourly by default (guide/tasks-and-calendar.md#reminders); the purge of expired
 * sessions, tokens and old attempts every few hours; the Thursday-noon Sunday lock every five
 * minutes; the system health audit daily (guide/administration.md#system-health); the daily e-mail
 * digest checks every five minutes whether its time has come (decision 0034); stored files no row
 * refers to are swept every few hours. job_runs leases keep each to one instance per run.
 */
export function scheduledJobs(ctx: AppContext): ScheduledJob[] {
  return [
    { name: REMINDER_JOB, intervalMs: ctx.config.reminderIntervalMs, run: () => runTaskReminders(ctx) },
    purgeJob(ctx.db),
    fileSweepJob(ctx),
    sundayAutoLockJob(ctx),
    healthAuditJob(ctx),
    // Nudges before the digest: a summary the person takes in the digest goes out with that day's.
    nudgeJob(ctx),
    digestJob(ctx),
    // Hourly it makes the recurring requests' due occurrences, each exactly once (decision 0063).
    recurringRequestsJob(ctx),
    // Hourly it looks whether the daily backup is due (decision 0054).
    backupJob(ctx),
  ];
}
