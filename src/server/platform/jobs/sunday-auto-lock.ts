import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { addDaysIso, todayIn } from '../../../shared/domain/dates';
import { isLockDue, lockDaysBefore } from '../../../shared/domain/sunday-lock';
import { inTransaction, type AppContext } from '../context';
import type { Tx } from '../db/client';
import { activityLog, sundayPlans } from '../db/schema';
import { SUNDAY_UNLOCKED } from '../../../shared/domain/runway-setup';
import { platformLog } from '../log';
import { sundayLockRule } from '../settings';
import type { ScheduledJob } from './scheduler';

/**
 * The Sunday lock (decisions 0014, 0055): under the church's lock rule (Thursday 12:00 unless an
 * admin set another weekday and time, or off), every Sunday whose lock instant has come, that is today or later and not locked
 * yet, has all its plans locked as Lock Sunday would, by the System (locked_by_id null). Sundays
 * nobody planned have no plan row and nothing to lock. An admin sets the rule or turns it off in Admin settings. A Sunday an admin
 * unlocked is not locked again by the job (decision 0055).
 */
export const SUNDAY_AUTO_LOCK_JOB = 'sunday_auto_lock';
/** Every five minutes: a Sunday locks at most five minutes (plus a scheduler tick) after Thursday noon. */
export const SUNDAY_AUTO_LOCK_INTERVAL_MS = 5 * 60 * 1000;

/** Locks the due Sundays; answers the dates it locked (none when the setting is off). */
export async function runSundayAutoLock(ctx: AppContext, now: Date = new Date()): Promise<string[]> {
  const rule = await sundayLockRule(ctx.db);
  if (!rule.enabled) return [];
  const timeZone = ctx.config.churchTimeZone;
  const today = todayIn(timeZone, now);
  const due = (await unlockedPlannedSundays(ctx, today, addDaysIso(today, lockDaysBefore(rule.weekday)))).filter((d) =>
    isLockDue(d, timeZone, now, rule),
  );
  const locked: string[] = [];
  for (const sundayDate of due) {
    if (await lockSunday(ctx, sundayDate, now)) locked.push(sundayDate);
  }
  return locked;
}

/**
 * Sundays from `from` to `to` that have a plan row and none of them locked (only these can be due),
 * leaving out any an admin unlocked: the unlock holds until someone locks it by hand.
 */
async function unlockedPlannedSundays(ctx: AppContext, from: string, to: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ sundayDate: sundayPlans.sundayDate })
    .from(sundayPlans)
    .where(
      and(
        gte(sundayPlans.sundayDate, from),
        lte(sundayPlans.sundayDate, to),
        sql`not exists (select 1 from ${activityLog} a where a.request_id is null and a.new_value = ${sundayPlans.sundayDate}::text
          and a.action_type = ${SUNDAY_UNLOCKED})`,
      ),
    )
    .groupBy(sundayPlans.sundayDate)
    .having(sql`not bool_or(${sundayPlans.isLocked})`)
    .orderBy(asc(sundayPlans.sundayDate));
  return rows.map((r) => r.sundayDate);
}

/**
 * Locks one Sunday in one transaction: its plan rows are taken FOR UPDATE first, so a concurrent
 * run (or a manual Lock Sunday) waits and then finds it locked: a Sunday is locked once. The
 * whole-service plan is made when only runway plans exist, so the Sunday's lock covers it too.
 */
async function lockSunday(ctx: AppContext, sundayDate: string, now: Date): Promise<boolean> {
  return inTransaction(ctx, async (tx, events) => {
    if (await lockedAlready(tx, sundayDate)) return false;
    await tx.insert(sundayPlans).values({ sundayDate, runwayId: null, version: 0 }).onConflictDoNothing();
    await tx
      .update(sundayPlans)
      .set({ isLocked: true, lockedAt: now, lockedById: null, status: 'locked' })
      .where(eq(sundayPlans.sundayDate, sundayDate));
    events.push({ topic: 'sundays', id: sundayDate, audience: { minRole: 'coordinator' } });
    return true;
  });
}

async function lockedAlready(tx: Tx, sundayDate: string): Promise<boolean> {
  const plans = await tx
    .select({ isLocked: sundayPlans.isLocked })
    .from(sundayPlans)
    .where(eq(sundayPlans.sundayDate, sundayDate))
    .orderBy(asc(sundayPlans.id))
    .for('update');
  return plans.length === 0 || plans.some((p) => p.isLocked);
}

/** The lock as a scheduled job (main.ts registers it); the Sundays it locked go to the log. */
export function sundayAutoLockJob(ctx: AppContext, intervalMs = SUNDAY_AUTO_LOCK_INTERVAL_MS): ScheduledJob {
  return {
    name: SUNDAY_AUTO_LOCK_JOB,
    intervalMs,
    run: async () => {
      const locked = await runSundayAutoLock(ctx);
      if (locked.length > 0) platformLog().info({ locked }, 'locked Sundays by the lock rule');
      return locked;
    },
  };
}
