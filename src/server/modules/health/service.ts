import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  cleanupMessage,
  HEALTH_MESSAGES,
  syncMessage,
  type CleanupResult,
  type HealthLogEntry,
  type SyncResult,
} from '../../../shared/api/health';
import { RUNWAY_WEEKS } from '../../../shared/domain/constants';
import { upcomingSundays } from '../../../shared/domain/dates';
import type { SessionUser } from '../../platform/auth/sessions';
import { inTransaction, type AppContext } from '../../platform/context';
import type { Tx } from '../../platform/db/client';
import { runwayItems, runways, sundayPlanItems, sundayPlans, systemHealthLog } from '../../platform/db/schema';
import type { AppEvent } from '../../platform/events/bus';
import { notFound, ruleBroken } from '../../platform/errors';
import { lockSundayPlan, sundayIsLocked } from '../../commands/sunday-edit';
import { runHealthAuditNow, type AuditRun } from '../../commands/health-audit';
import { findLog } from './queries';
import { healthPolicy } from './policy';

/**
 * System health and the system actions of Admin settings (guide/administration.md#system-health; guide/administration.md#system-actions,
 * 5.8, 5.9): one transaction a use case; the browsers hear 'health' (admins) or 'sundays'
 * (coordinators and up) after commit.
 */

const healthEvent: AppEvent = { topic: 'health', audience: { minRole: 'admin' } };
const sundaysEvent = (date: string): AppEvent => ({ topic: 'sundays', id: date, audience: { minRole: 'coordinator' } });

export async function runCheck(ctx: AppContext, user: SessionUser): Promise<AuditRun> {
  const run = await runHealthAuditNow(ctx, user.id);
  await ctx.bus.publish([healthEvent]);
  return run;
}

/** Resolve: only a non-Passed, unresolved log (422 otherwise); the row is taken FOR UPDATE so two clicks resolve once. */
export async function resolveLog(ctx: AppContext, user: SessionUser, id: string): Promise<HealthLogEntry> {
  await inTransaction(ctx, async (tx, events) => {
    const [row] = await tx
      .select({ status: systemHealthLog.status, resolved: systemHealthLog.resolved })
      .from(systemHealthLog)
      .where(eq(systemHealthLog.id, id))
      .for('update');
    if (!row) throw notFound(HEALTH_MESSAGES.logNotFound);
    if (!healthPolicy.resolve.allows(user, row)) throw ruleBroken(HEALTH_MESSAGES.notResolvable);
    await tx.update(systemHealthLog).set({ resolved: true }).where(eq(systemHealthLog.id, id));
    events.push(healthEvent);
  });
  return (await findLog(ctx.db, id, user))!;
}

/**
 * Invalid Monday records (guide/administration.md#system-actions): Sunday plans whose date is not a Sunday. Dates are stored
 * as calendar dates already in the church's time zone, so the weekday of the date decides. Their
 * tasks, media and sermon go with them (the foreign keys cascade).
 */
export async function cleanInvalidMondays(ctx: AppContext): Promise<CleanupResult> {
  return inTransaction(ctx, async (tx, events) => {
    const removed = await tx
      .delete(sundayPlans)
      .where(sql`extract(dow from ${sundayPlans.sundayDate}) <> 0`)
      .returning({ sundayDate: sundayPlans.sundayDate });
    for (const date of new Set(removed.map((r) => r.sundayDate))) events.push(sundaysEvent(date));
    return { removed: removed.length, message: cleanupMessage(removed.length) };
  });
}

/**
 * Sync to Sundays (guide/administration.md#system-actions): for each of the next six Sundays and every runway, the runway's
 * plan exists and holds the runway's requirement items as plan items. What exists is left as it
 * is, so a second run creates nothing. A locked Sunday is skipped whole (decision 0014: a lock
 * freezes the Sunday). A plan that gains items goes up a version, so an editor opened before the
 * sync saves into a 409 instead of over the new rows.
 */
export async function syncToSundays(ctx: AppContext): Promise<SyncResult> {
  const dates = upcomingSundays(ctx.config.churchTimeZone, RUNWAY_WEEKS);
  return inTransaction(ctx, async (tx, events) => {
    const requirements = await loadRequirements(tx);
    let plansCreated = 0;
    let itemsCreated = 0;
    const lockedSkipped: string[] = [];
    for (const date of dates) {
      if (await sundayIsLocked(tx, date)) {
        lockedSkipped.push(date);
        continue;
      }
      const made = await syncSunday(tx, date, requirements);
      plansCreated += made.plans;
      itemsCreated += made.items;
      if (made.plans + made.items > 0) events.push(sundaysEvent(date));
    }
    return { plansCreated, itemsCreated, lockedSkipped, message: syncMessage(plansCreated, itemsCreated, lockedSkipped.length) };
  });
}

/** Every runway with its requirement titles in order (a runway without any still gets its plan). */
async function loadRequirements(tx: Tx): Promise<Map<string, string[]>> {
  // Archived runways and tasks reach no Sunday (decision 0055).
  const all = await tx.select({ id: runways.id }).from(runways).where(isNull(runways.archivedAt)).orderBy(runways.orderIndex, runways.code);
  const rows = await tx
    .select({ runwayId: runwayItems.runwayId, title: runwayItems.title })
    .from(runwayItems)
    .where(and(eq(runwayItems.type, 'requirement'), isNull(runwayItems.archivedAt)))
    .orderBy(runwayItems.orderIndex, runwayItems.title);
  const byRunway = new Map<string, string[]>(all.map((r) => [r.id, []]));
  for (const r of rows) byRunway.get(r.runwayId)?.push(r.title);
  return byRunway;
}

async function syncSunday(tx: Tx, date: string, requirements: Map<string, string[]>): Promise<{ plans: number; items: number }> {
  let plans = 0;
  let items = 0;
  for (const [runwayId, titles] of requirements) {
    const created = await tx
      .insert(sundayPlans)
      .values({ sundayDate: date, runwayId, version: 0 })
      .onConflictDoNothing()
      .returning({ id: sundayPlans.id });
    plans += created.length;
    const plan = await lockSundayPlan(tx, date, runwayId);
    if (titles.length === 0) continue;
    const added = await tx
      .insert(sundayPlanItems)
      .values(titles.map((taskName) => ({ sundayPlanId: plan.id, taskName })))
      .onConflictDoNothing()
      .returning({ id: sundayPlanItems.id });
    items += added.length;
    if (added.length > 0) {
      await tx
        .update(sundayPlans)
        .set({ version: sql`${sundayPlans.version} + 1` })
        .where(eq(sundayPlans.id, plan.id));
    }
  }
  return { plans, items };
}
