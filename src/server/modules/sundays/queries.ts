import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { format, parseISO } from 'date-fns';
import type { PlanItem, RunwayGroup } from '../../../shared/api/sundays';
import { planReadiness, isFileTask, isScriptTask, sundayTaskBadge } from '../../../shared/domain/planning-rules';
import type { RunwayCode } from '../../../shared/domain/planning';
import type { Executor } from '../../platform/db/client';
import { planningFiles, runwayItems, runways, series, seriesWeeks, sundayPlanItems, sundayPlans, users } from '../../platform/db/schema';

/**
 * The reads of Sunday planning. Every screen reads a fixed set of queries whatever the number of
 * Sundays or runways (issue 9: one query set per screen, never a query per Sunday or per runway);
 * the grouping and the readiness are then pure functions over the rows.
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

export function runwayGroup(w: Window, date: string, runway: RunwayRow): RunwayGroup {
  const items = groupItems(w, date, runway.id);
  return { runway, version: runwayPlanOf(w, date, runway.id)?.version ?? 0, readinessPct: planReadiness(items), items };
}

export const weekdayOf = (date: string) => format(parseISO(date), 'EEEE');
export const shortDate = (date: string) => format(parseISO(date), 'MMM d');

// ---------------------------------------------------------------- the service plan's counts

export interface ServiceCounts {
  sundayDate: string;
  videoCount: number;
  slideCount: number;
  socialCount: number;
  sermonSeries: string | null;
}

/** Per Sunday of the window: videos, weekly slides and social posts of its service plan, and its sermon's series. */
export async function loadServiceCounts(db: Executor, dates: string[]): Promise<ServiceCounts[]> {
  if (dates.length === 0) return [];
  return db
    .select({
      sundayDate: sundayPlans.sundayDate,
      // Raw, qualified SQL: drizzle leaves a one-table select's columns unqualified, which the
      // correlated subqueries would read as their own tables' columns.
      videoCount: sql<number>`(select count(*)::int from sunday_video_items v where v.sunday_id = sunday_plans.id)`,
      slideCount: sql<number>`(select count(*)::int from slides s where s.sunday_id = sunday_plans.id and s.type = 'weekly')`,
      socialCount: sql<number>`(select count(*)::int from social_media_posts p where p.sunday_id = sunday_plans.id)`,
      sermonSeries: sql<
        string | null
      >`(select se.title from sermon_details d join series se on se.id = d.series_id where d.sunday_id = sunday_plans.id)`,
    })
    .from(sundayPlans)
    .where(and(inArray(sundayPlans.sundayDate, dates), isNull(sundayPlans.runwayId)));
}

/** The series whose weekly breakdown holds each date (the latest-starting series when two overlap). */
export async function loadWeekSeries(db: Executor, dates: string[]): Promise<Map<string, string>> {
  if (dates.length === 0) return new Map();
  const rows = await db
    .select({ sundayDate: seriesWeeks.sundayDate, title: series.title })
    .from(seriesWeeks)
    .innerJoin(series, eq(series.id, seriesWeeks.seriesId))
    .where(inArray(seriesWeeks.sundayDate, dates))
    .orderBy(desc(series.startSunday));
  const byDate = new Map<string, string>();
  for (const r of rows) if (!byDate.has(r.sundayDate)) byDate.set(r.sundayDate, r.title);
  return byDate;
}
