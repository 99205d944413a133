import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { SeriesDetail, SeriesList, SeriesOwner } from '../../../shared/api/series';
import { SERIES_MESSAGES } from '../../../shared/api/series';
import { seriesBadge } from '../../../shared/domain/series';
import type { Executor } from '../../platform/db/client';
import { series, seriesWeeks, users } from '../../platform/db/schema';
import { notFound } from '../../platform/errors';
import { OWNER_ROLES } from './policy';

const summaryColumns = {
  id: series.id,
  title: series.title,
  tagline: series.tagline,
  startSunday: series.startSunday,
  endSunday: series.endSunday,
  themeColor: series.themeColor,
  ownerId: series.ownerId,
  ownerName: users.fullName,
};

/**
 * The 'Sermon Series' list (guide/sunday-planning.md#sermon-series: ordered by start_sunday descending; unscheduled
 * series first, as PostgreSQL orders nulls in a descending sort) with each series' week count,
 * in one query; the badge is worked out for today in the church's time zone.
 */
export async function listSeries(db: Executor, today: string): Promise<SeriesList> {
  const rows = await db
    .select({
      ...summaryColumns,
      weekCount: sql<number>`(select count(*) from ${seriesWeeks} where ${seriesWeeks.seriesId} = ${series.id})::int`,
    })
    .from(series)
    .leftJoin(users, eq(users.id, series.ownerId))
    .orderBy(sql`${series.startSunday} desc nulls first`, asc(series.title), asc(series.id));
  return { items: rows.map((row) => ({ ...row, badge: seriesBadge(row, today) })) };
}

/** One series with its weeks in date order (guide/sunday-planning.md#sermon-series: series by id with series_weeks); 404 when unknown. */
export async function getSeries(db: Executor, id: string, today: string): Promise<SeriesDetail> {
  const [row] = await db
    .select({ ...summaryColumns, description: series.description })
    .from(series)
    .leftJoin(users, eq(users.id, series.ownerId))
    .where(eq(series.id, id));
  if (!row) throw notFound(SERIES_MESSAGES.notFound);
  const weeks = await db
    .select({
      id: seriesWeeks.id,
      sundayDate: seriesWeeks.sundayDate,
      weekTitle: seriesWeeks.weekTitle,
      scripture: seriesWeeks.scripture,
      blurb: seriesWeeks.blurb,
    })
    .from(seriesWeeks)
    .where(eq(seriesWeeks.seriesId, id))
    .orderBy(asc(seriesWeeks.sundayDate));
  return { ...row, badge: seriesBadge(row, today), weeks };
}

/** The owner picker: active people of the owner roles (the Church Media Squad is not a person to own a series). */
export async function listOwners(db: Executor): Promise<{ items: SeriesOwner[] }> {
  const items = await db
    .select({ id: users.id, fullName: users.fullName, role: users.role })
    .from(users)
    .where(and(eq(users.active, true), eq(users.isExternal, false), inArray(users.role, [...OWNER_ROLES])))
    .orderBy(asc(users.fullName), asc(users.id));
  return { items };
}
