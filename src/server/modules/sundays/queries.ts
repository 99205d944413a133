import { sql, type SQL } from 'drizzle-orm';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import type { RunwayGroup } from '../../../shared/api/sundays';
import { planReadiness } from '../../../shared/domain/planning-rules';
import { DASHBOARD_NOTES } from '../../../shared/domain/planning';
import { literal, literalDate } from '../../queries/sql-lists';
import { countedItemSql, unfinishedItemSql } from '../../platform/db/predicates';

/**
 * The reads of Sunday planning. Every screen reads a fixed set of queries whatever the number of
 * Sundays or runways (one query set per screen, never a query per Sunday or per runway);
 * the grouping and the readiness are then pure functions over the rows.
 */

export {
  FILE_URL_PREFIX,
  groupItems,
  loadWindow,
  lockOf,
  windowFrom,
  windowJson,
  runwayPlanOf,
  servicePlanOf,
  type ItemRow,
  type PlanRow,
  type RunwayRow,
  type Window,
} from '../../queries/sunday-readiness';
import {
  groupItems,
  onDates,
  runwayPlanOf,
  windowJson,
  type RunwayRow,
  type Window,
  type WindowPart,
} from '../../queries/sunday-readiness';

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

/**
 * The dashboard's own parts beside the window (decision 0038), as JSON subqueries for the same
 * statement: per Sunday its service plan's counts and sermon series, the series of each week's
 * breakdown, the notes beyond the window, the latest health run's statuses (only when `withHealth`)
 * and the Event Promotions card's two counts.
 */
export function dashboardJson(opts: { dates: string[]; today: string; withHealth: boolean }): Record<DashboardPart, SQL> {
  const { dates, today, withHealth } = opts;
  const inWindow = (column: string) => onDates(column, dates, { inText: true });
  const last = dates[dates.length - 1] ?? today;
  return {
    // Per Sunday of the window: videos, weekly slides and social posts of its service plan, and its sermon's series.
    serviceCounts: sql`(select coalesce(json_agg(json_build_object('sundayDate', p.sunday_date,
        'videoCount', (select count(*)::int from sunday_video_items v where v.sunday_id = p.id),
        'slideCount', (select count(*)::int from slides s where s.sunday_id = p.id and s.type = 'weekly'),
        'socialCount', (select count(*)::int from social_media_posts sp where sp.sunday_id = p.id),
        'sermonSeries', (select se.title from sermon_details d join series se on se.id = d.series_id where d.sunday_id = p.id))), '[]'::json)
      from sunday_plans p where p.runway_id is null and ${inWindow('p.sunday_date')})`,
    // The series whose weekly breakdown holds each date, latest-starting first (the first wins when two overlap).
    weekSeries: sql`(select coalesce(json_agg(json_build_object('sundayDate', w.sunday_date, 'title', se.title)
        order by se.start_sunday desc), '[]'::json)
      from series_weeks w join series se on se.id = w.series_id where ${inWindow('w.sunday_date')})`,
    // 'Beyond 6 Weeks' (guide/sunday-planning.md#the-runways-dashboard): notes whose target falls after the window's last Sunday.
    futureNotes: sql`(select coalesce(json_agg(json_build_object('id', n.id, 'title', n.title, 'category', n.category,
        'status', n.status, 'targetDate', n.target_date) order by n.target_date, n.title), '[]'::json)
      from (select * from future_notes n where n.status in ('draft', 'planned') and n.target_date > ${literalDate(last)}
            order by n.target_date, n.title limit ${literal(DASHBOARD_NOTES)}) n)`,
    healthStatuses: sql`(select coalesce(json_agg(h.status), '[]'::json) from system_health_log h
      where ${literal(withHealth)} and h.run_id in (select l.run_id from system_health_log l order by l.date_run desc limit 1))`,
    // Requests approved or in production with an event still to come; ready when every item that
    // counts is done, as on Event Promotions: a rejected additional channel does not count, and an
    // event without items is not ready (decision 0048). The first probe finds one entry of
    // request_items_unfinished_request_idx for an event still in production and stops there; only
    // an event with nothing unfinished is asked whether it has any item that counts.
    eventPromotions: sql`(select json_build_object('upcoming', count(*)::int,
        'ready', (count(*) filter (where
          not exists (select 1 from request_items i where i.request_id = r.id and ${sql.raw(unfinishedItemSql('i'))})
          and exists (select 1 from request_items i where i.request_id = r.id and ${sql.raw(countedItemSql('i'))})))::int)
      from requests r where r.status in ('approved', 'in_production') and r.event_start_date >= ${literalDate(today)})`,
  };
}

/**
 * Everything the dashboard reads, for its ONE named statement: the window and the dashboard's own
 * parts, the server's dates and the code's constants written into the text (decision 0042).
 */
export function dashboardFields(opts: { dates: string[]; today: string; withHealth: boolean }): Record<WindowPart | DashboardPart, SQL> {
  return { ...windowJson(opts.dates, { datesInText: true }), ...dashboardJson(opts) };
}

export type DashboardPart = 'serviceCounts' | 'weekSeries' | 'futureNotes' | 'healthStatuses' | 'eventPromotions';
