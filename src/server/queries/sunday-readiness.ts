import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { PlanItem } from '../../shared/api/sundays';
import type { RunwayCode } from '../../shared/domain/planning';
import { isFileTask, isScriptTask, planReadiness, sundayReadiness, sundayTaskBadge } from '../../shared/domain/planning-rules';
import type { Executor } from '../platform/db/client';
import { planningFiles, runwayItems, runways, sundayPlanItems, sundayPlans, users } from '../platform/db/schema';

/**
 * The window of Sundays and its readiness (DESIGN 5.13), shared by the runway screens and the
 * system health audit (which must not import a module): four queries for any number of Sundays,
 * then pure grouping. A runway's tasks on a Sunday count its requirement items not saved yet as
 * not done, as the dialog shows them.
 */

export interface RunwayRow {
  id: string;
  code: RunwayCode;
  name: string;
  color: string;
  orderIndex: number;
}
export interface PlanRow {
  id: string;
  sundayDate: string;
  runwayId: string | null;
  isLocked: boolean;
  lockedById: string | null;
  lockedByName: string | null;
  lockedAt: Date | null;
  version: number;
}
export interface ItemRow {
  id: string;
  sundayPlanId: string;
  taskName: string;
  taskDetails: string | null;
  url: string | null;
  fileUrl: string | null;
  fileName: string | null;
  isComplete: boolean;
  assignedToId: string | null;
  assigneeName: string | null;
}

/** Everything the window of Sundays holds: runways, their requirement items, the plans and their items. */
export interface Window {
  dates: string[];
  runways: RunwayRow[];
  requirements: Map<string, string[]>;
  plans: PlanRow[];
  items: ItemRow[];
}

export const FILE_URL_PREFIX = '/api/planning-files/';

/** Four queries for any number of Sundays. */
export async function loadWindow(db: Executor, dates: string[]): Promise<Window> {
  const runwayRows = await db
    .select({ id: runways.id, code: runways.code, name: runways.name, color: runways.color, orderIndex: runways.orderIndex })
    .from(runways)
    .orderBy(asc(runways.orderIndex), asc(runways.code));
  const requirementRows = await db
    .select({ runwayId: runwayItems.runwayId, title: runwayItems.title })
    .from(runwayItems)
    .where(eq(runwayItems.type, 'requirement'))
    .orderBy(asc(runwayItems.orderIndex), asc(runwayItems.title));
  const requirements = new Map<string, string[]>();
  for (const r of requirementRows) requirements.set(r.runwayId, [...(requirements.get(r.runwayId) ?? []), r.title]);
  if (dates.length === 0) return { dates, runways: runwayRows, requirements, plans: [], items: [] };

  const plans = await db
    .select({
      id: sundayPlans.id,
      sundayDate: sundayPlans.sundayDate,
      runwayId: sundayPlans.runwayId,
      isLocked: sundayPlans.isLocked,
      lockedById: sundayPlans.lockedById,
      lockedByName: users.fullName,
      lockedAt: sundayPlans.lockedAt,
      version: sundayPlans.version,
    })
    .from(sundayPlans)
    .leftJoin(users, eq(users.id, sundayPlans.lockedById))
    .where(inArray(sundayPlans.sundayDate, dates));
  const items = await db
    .select({
      id: sundayPlanItems.id,
      sundayPlanId: sundayPlanItems.sundayPlanId,
      taskName: sundayPlanItems.taskName,
      taskDetails: sundayPlanItems.taskDetails,
      url: sundayPlanItems.url,
      fileUrl: sundayPlanItems.fileUrl,
      fileName: planningFiles.fileName,
      isComplete: sundayPlanItems.isComplete,
      assignedToId: sundayPlanItems.assignedToId,
      assigneeName: users.fullName,
    })
    .from(sundayPlanItems)
    .innerJoin(sundayPlans, eq(sundayPlans.id, sundayPlanItems.sundayPlanId))
    .leftJoin(users, eq(users.id, sundayPlanItems.assignedToId))
    .leftJoin(planningFiles, sql`${sundayPlanItems.fileUrl} = ${FILE_URL_PREFIX} || ${planningFiles.id}::text`)
    .where(inArray(sundayPlans.sundayDate, dates))
    .orderBy(asc(sundayPlanItems.createdAt), asc(sundayPlanItems.id));
  return { dates, runways: runwayRows, requirements, plans, items };
}

// ---------------------------------------------------------------- pure grouping

export const runwayPlanOf = (w: Window, date: string, runwayId: string) =>
  w.plans.find((p) => p.sundayDate === date && p.runwayId === runwayId);
export const servicePlanOf = (w: Window, date: string) => w.plans.find((p) => p.sundayDate === date && p.runwayId === null);

/** A Sunday is locked when any of its plans is (decision 0014); who and when from the earliest lock. */
export function lockOf(w: Window, date: string): { isLocked: boolean; lockedBy: string | null; lockedAt: Date | null } {
  const locked = w.plans
    .filter((p) => p.sundayDate === date && p.isLocked)
    .sort((a, b) => (a.lockedAt?.getTime() ?? 0) - (b.lockedAt?.getTime() ?? 0));
  const first = locked[0];
  return { isLocked: !!first, lockedBy: first?.lockedByName ?? null, lockedAt: first?.lockedAt ?? null };
}

function present(row: Omit<PlanItem, 'badge' | 'isFileTask' | 'isScript'>): PlanItem {
  return {
    ...row,
    badge: sundayTaskBadge({ ...row, assignedToId: row.assignee?.id ?? null }),
    isFileTask: isFileTask(row.taskName),
    isScript: isScriptTask(row.taskName),
  };
}

/**
 * A runway's tasks on a Sunday: its plan's saved items together with the runway's requirement
 * items not saved yet (without an id), in the requirement order, then any other saved tasks.
 */
export function groupItems(w: Window, date: string, runwayId: string): PlanItem[] {
  const plan = runwayPlanOf(w, date, runwayId);
  const saved = plan ? w.items.filter((i) => i.sundayPlanId === plan.id) : [];
  const byName = new Map(saved.map((i) => [i.taskName, i]));
  const fromRow = (i: ItemRow): PlanItem =>
    present({
      id: i.id,
      taskName: i.taskName,
      taskDetails: i.taskDetails,
      url: i.url,
      fileUrl: i.fileUrl,
      fileName: i.fileName,
      isComplete: i.isComplete,
      assignee: i.assignedToId ? { id: i.assignedToId, fullName: i.assigneeName ?? '' } : null,
    });
  const required = w.requirements.get(runwayId) ?? [];
  const listed = required.map((title) => {
    const row = byName.get(title);
    return row
      ? fromRow(row)
      : present({
          id: null,
          taskName: title,
          taskDetails: null,
          url: null,
          fileUrl: null,
          fileName: null,
          isComplete: false,
          assignee: null,
        });
  });
  const extra = saved.filter((i) => !required.includes(i.taskName)).map(fromRow);
  return [...listed, ...extra];
}

/** A Sunday's readiness: the mean of its runway plans, each read as the dialog shows it. */
export const sundayReadinessOf = (w: Window, date: string): number =>
  sundayReadiness(w.runways.map((r) => planReadiness(groupItems(w, date, r.id))));
