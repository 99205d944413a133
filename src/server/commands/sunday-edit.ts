import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { isSunday } from '../../shared/domain/dates';
import { SUNDAY_MESSAGES } from '../../shared/domain/planning';
import type { SessionUser } from '../platform/auth/sessions';
import type { Tx } from '../platform/db/client';
import { sundayPlans } from '../platform/db/schema';
import { AppError, badRequest, conflict } from '../platform/errors';

/**
 * The one door every write of Sunday planning goes through (decision 0014), inside the writer's
 * transaction: the plan row (the whole-service plan when `runwayId` is null, else that runway's
 * plan of the date) is created if the Sunday has none yet, locked FOR UPDATE, checked and bumped.
 *
 * - The date must be a Sunday (400).
 * - A locked Sunday (any plan of that date locked, by hand or by the Thursday-noon job) changes
 *   only by an admin's hand: everyone else gets 422 'sunday_locked' with the spec's sentence.
 * - `expectedVersion` is the plan's version the editor started from (0 for a plan not yet made);
 *   another save in between answers 409 'stale' and changes nothing, so nobody overwrites
 *   anybody silently. The plan's version then goes up by one.
 */
export type SundayPlanRow = typeof sundayPlans.$inferSelect;

export async function openSundayForEdit(
  tx: Tx,
  user: Pick<SessionUser, 'id' | 'role'>,
  sundayDate: string,
  runwayId: string | null,
  expectedVersion: number,
): Promise<SundayPlanRow> {
  const plan = await lockSundayPlan(tx, sundayDate, runwayId);
  if (user.role !== 'admin' && (await sundayIsLocked(tx, sundayDate))) {
    throw new AppError(422, 'sunday_locked', SUNDAY_MESSAGES.locked);
  }
  if (plan.version !== expectedVersion) throw new AppError(409, 'stale', SUNDAY_MESSAGES.stale);
  const [bumped] = await tx
    .update(sundayPlans)
    .set({ version: sql`${sundayPlans.version} + 1` })
    .where(eq(sundayPlans.id, plan.id))
    .returning();
  return bumped;
}

/** The plan row of a Sunday (and runway), made at version 0 when missing, locked for this transaction. */
export async function lockSundayPlan(tx: Tx, sundayDate: string, runwayId: string | null): Promise<SundayPlanRow> {
  if (!isSunday(sundayDate)) throw badRequest(SUNDAY_MESSAGES.notSunday);
  // The unique key (sunday_date, runway_id) treats nulls as equal, so two first saves make one row.
  await tx.insert(sundayPlans).values({ sundayDate, runwayId, version: 0 }).onConflictDoNothing();
  const [plan] = await tx
    .select()
    .from(sundayPlans)
    .where(and(eq(sundayPlans.sundayDate, sundayDate), runwayId ? eq(sundayPlans.runwayId, runwayId) : isNull(sundayPlans.runwayId)))
    .for('update');
  if (!plan) throw conflict(SUNDAY_MESSAGES.stale);
  return plan;
}

/** A Sunday is locked when any of its plans is (Lock Sunday locks them all, decision 0014). */
export async function sundayIsLocked(tx: Tx, sundayDate: string): Promise<boolean> {
  const [row] = await tx
    .select({ locked: sql<boolean>`bool_or(${sundayPlans.isLocked})` })
    .from(sundayPlans)
    .where(eq(sundayPlans.sundayDate, sundayDate));
  return !!row?.locked;
}

/**
 * The instant a Sunday (its date column given) was locked: the latest `locked_at` of its locked
 * plans, null when none is locked. A locked Sunday's copy of the recurring slides is valid only
 * for this instant, so after an unlock and a new lock the Sunday shows the shared set again.
 */
export const sundayLockInstantSql = (dateColumn: string) =>
  sql.raw(`(select max(q.locked_at) from sunday_plans q where q.sunday_date = ${dateColumn} and q.is_locked)`);

/**
 * Before the shared recurring slides change: every locked Sunday that does not yet keep its own
 * copy for its current lock gets one (on its whole-service plan, made if missing), so the change
 * reaches only Sundays that are not locked (decision 0053). Unlocked plans from yesterday on are
 * held FOR SHARE first: a Lock Sunday (or the auto-lock job) running meanwhile waits for this
 * transaction and then locks the deck as it is after the change.
 */
export async function keepLockedSundaysDecks(tx: Tx): Promise<void> {
  await tx.execute(sql`select id from sunday_plans where not is_locked and sunday_date >= current_date - 1 order by id for share`);
  await tx.execute(sql`insert into sunday_plans (sunday_date, runway_id, version)
    select distinct sunday_date, null::uuid, 0 from sunday_plans where is_locked
    on conflict do nothing`);
  await tx.execute(sql`update sunday_plans p set locked_recurring_slides = jsonb_build_object(
      'lockedAt', l.locked_at,
      'slides', (select coalesce(jsonb_agg(jsonb_build_object('id', s.id, 'title', s.title, 'active', s.active,
          'orderIndex', s.order_index) order by s.order_index, s.title, s.id), '[]'::jsonb)
        from slides s where s.type = 'recurring' and s.sunday_id is null))
    from (select sunday_date, max(locked_at) as locked_at from sunday_plans where is_locked group by sunday_date) l
    where p.sunday_date = l.sunday_date and p.runway_id is null
      and (p.locked_recurring_slides is null
        or (p.locked_recurring_slides->>'lockedAt')::timestamptz is distinct from l.locked_at)`);
}

/**
 * The Sundays among `dates` that are locked, their plan rows held FOR SHARE so a Lock Sunday
 * waits for the caller's transaction. Writes that touch what several Sundays show (a series'
 * weeks) ask this instead of opening one plan; non-admins are refused for any of them.
 */
export async function lockedSundaysAmong(tx: Tx, dates: string[]): Promise<string[]> {
  if (dates.length === 0) return [];
  const rows = await tx
    .select({ sundayDate: sundayPlans.sundayDate, isLocked: sundayPlans.isLocked })
    .from(sundayPlans)
    .where(inArray(sundayPlans.sundayDate, [...new Set(dates)]))
    .orderBy(sundayPlans.id)
    .for('share');
  return [...new Set(rows.filter((r) => r.isLocked).map((r) => r.sundayDate))].sort();
}
