import { and, eq, isNull, sql } from 'drizzle-orm';
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
