import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { format, parseISO } from 'date-fns';
import type { RunwayGroup } from '../../../shared/api/sundays';
import { planReadiness } from '../../../shared/domain/planning-rules';
import type { Executor } from '../../platform/db/client';
import { series, seriesWeeks, sundayPlans } from '../../platform/db/schema';

/**
 * The reads of Sunday planning. Every screen reads a fixed set of queries whatever the number of
 * Sundays or runways (issue 9: one query set per screen, never a query per Sunday or per runway);
 * the grouping and the readiness are then pure functions over the rows.
 */

export {
  FILE_URL_PREFIX,
  groupItems,
  loadWindow,
  lockOf,
  runwayPlanOf,
  servicePlanOf,
  type ItemRow,
  type PlanRow,
  type RunwayRow,
  type Window,
} from '../../queries/sunday-readiness';
import { groupItems, runwayPlanOf, type RunwayRow, type Window } from '../../queries/sunday-readiness';

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
