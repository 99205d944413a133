import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { addDaysIso, todayIn } from '../../../shared/domain/dates';
import { isLockDue, LOCK_DAYS_BEFORE } from '../../../shared/domain/sunday-lock';
import { inTransaction, type AppContext } from '../context';
import type { Tx } from '../db/client';
import { sundayPlans } from '../db/schema';
import { platformLog } from '../log';
import { getSetting } from '../settings';
import type { ScheduledJob } from './scheduler';

/**
 * The Thursday-noon lock (landing copy 'Sunday slide decks lock on Thursday at noon'; issue 9;
 * decision 0014): every Sunday whose lock instant has come, that is today or later and not locked
 * yet, has all its plans locked as Lock Sunday would, by the System (locked_by_id null). Sundays
 * nobody planned have no plan row and nothing to lock. An admin turns it off in Admin settings.
 */
export const SUNDAY_AUTO_LOCK_JOB = 'sunday_auto_lock';
/** Every five minutes: a Sunday locks at most five minutes (plus a scheduler tick) after Thursday noon. */
export const SUNDAY_AUTO_LOCK_INTERVAL_MS = 5 * 60 * 1000;

/** Locks the due Sundays; answers the dates it locked (none when the setting is off). */
export async function runSundayAutoLock(ctx: AppContext, now: Date = new Date()): Promise<string[]> {
  if (!(await getSetting(ctx.db, 'sundayAutoLock'))) return [];
  const timeZone = ctx.config.churchTimeZone;
  const today = todayIn(timeZone, now);
  const due = (await unlockedPlannedSundays(ctx, today, addDaysIso(today, LOCK_DAYS_BEFORE))).filter((d) => isLockDue(d, timeZone, now));
  const locked: string[] = [];
  for (const sundayDate of due) {
    if (await lockSunday(ctx, sundayDate, now)) locked.push(sundayDate);
  }
  return locked;
}

/** Sundays from `from` to `to` that have a plan row and none of them locked (only these can be due). */
async function unlockedPlannedSundays(ctx: AppContext, from: string, to: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ sundayDate: sundayPlans.sundayDate })
    .from(sundayPlans)
    .where(and(gte(sundayPlans.sundayDate, from), lte(sundayPlans.sundayDate, to)))
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
      if (locked.length > 0) platformLog().info({ locked }, 'locked Sundays at Thursday noon');
      return locked;
    },
  };
}
