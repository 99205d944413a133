import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db, type Executor } from '../db/client';
import { idempotencyKeys, loginAttempts, mfaAttempts, passwordResetTokens, reminderLog, teamReminderLog } from '../db/schema';
import { purgeExpiredSessions } from '../auth/sessions';
import { platformLog } from '../log';
import type { ScheduledJob } from './scheduler';

/**
 * Housekeeping: rows that only ever grow and stop meaning anything. Each kept a while
 * past its use, so nothing that still reads it (the sign-in limits' windows, the reset-link limit,
 * a late retry of a submission) loses it; see decision 0011.
 */
/** The scheduler's name for this job in job_runs. */
export const PURGE_JOB = 'purge_expired';
export const PURGE_INTERVAL_MS = 6 * 60 * 60 * 1000;

/** Reset links live an hour; kept a day past expiry, beyond any reset-link rate window. */
export const RESET_TOKEN_GRACE_HOURS = 24;
/** Sign-in limits look back minutes; a month of attempts stays for looking into abuse. */
export const LOGIN_ATTEMPT_RETENTION_DAYS = 30;
/** A submission is retried within minutes; a week covers a browser left open over a weekend. */
export const IDEMPOTENCY_KEY_RETENTION_DAYS = 7;
/**
 * The reminders' once-a-day guards only ever read today's rows (decision 0027); a week stays for
 * answering "was I reminded?". Without this the two logs grow by every open item every day.
 */
export const REMINDER_LOG_RETENTION_DAYS = 7;

export interface PurgeCounts {
  sessions: number;
  resetTokens: number;
  loginAttempts: number;
  idempotencyKeys: number;
  reminderLog: number;
  teamReminderLog: number;
}

/** Removes expired sessions, expired reset tokens, old sign-in attempts, idempotency keys and reminder guards, in one transaction. */
export async function purgeExpired(db: Db): Promise<PurgeCounts> {
  return db.transaction(async (tx) => {
    const sessions = await purgeExpiredSessions(tx);
    const resetTokens = await deleted(
      tx,
      sql`delete from ${passwordResetTokens} where expires_at < now() - make_interval(hours => ${RESET_TOKEN_GRACE_HOURS}) returning 1`,
    );
    const attempts = await deleted(
      tx,
      sql`delete from ${loginAttempts} where created_at < now() - make_interval(days => ${LOGIN_ATTEMPT_RETENTION_DAYS}) returning 1`,
    );
    // Second-step attempts (decision 0037) are kept as long and counted with the sign-in attempts.
    const mfa = await deleted(
      tx,
      sql`delete from ${mfaAttempts} where created_at < now() - make_interval(days => ${LOGIN_ATTEMPT_RETENTION_DAYS}) returning 1`,
    );
    const keys = await deleted(
      tx,
      sql`delete from ${idempotencyKeys} where created_at < now() - make_interval(days => ${IDEMPOTENCY_KEY_RETENTION_DAYS}) returning 1`,
    );
    const oldReminders = sql`day < current_date - ${REMINDER_LOG_RETENTION_DAYS}::int`;
    const reminders = await deleted(tx, sql`delete from ${reminderLog} where ${oldReminders} returning 1`);
    const teamReminders = await deleted(tx, sql`delete from ${teamReminderLog} where ${oldReminders} returning 1`);
    return {
      sessions,
      resetTokens,
      loginAttempts: attempts + mfa,
      idempotencyKeys: keys,
      reminderLog: reminders,
      teamReminderLog: teamReminders,
    };
  });
}

async function deleted(tx: Executor, statement: SQL): Promise<number> {
  return rowsOf(await tx.execute(statement)).length;
}

/** The purge as a scheduled job (main.ts registers it): what it removed goes to the log. */
export function purgeJob(db: Db, intervalMs = PURGE_INTERVAL_MS): ScheduledJob {
  return {
    name: PURGE_JOB,
    intervalMs,
    run: async () => {
      const removed = await purgeExpired(db);
      if (Object.values(removed).some((n) => n > 0)) platformLog().info({ removed }, 'purged expired rows');
      return removed;
    },
  };
}
