import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { SERIES_MESSAGES, type SeriesDetail, type seriesBody } from '../../../shared/api/series';
import { todayIn } from '../../../shared/domain/dates';
import { seriesWeeks as breakdown, type SeriesDates, type SeriesWeekDraft } from '../../../shared/domain/series';
import { inTransaction, type AppContext } from '../../platform/context';
import type { Tx } from '../../platform/db/client';
import { series, seriesWeeks, users } from '../../platform/db/schema';
import type { AppEvent } from '../../platform/events/bus';
import { AppError, notFound, ruleBroken } from '../../platform/errors';
import type { SessionUser } from '../../platform/auth/sessions';
import { lockedSundaysAmong } from '../../commands/sunday-edit';
import { OWNER_ROLES } from './policy';
import { getSeries } from './queries';

export type SeriesInput = z.output<typeof seriesBody>;

/**
 * Saving and deleting a series (guide/sunday-planning.md#sermon-series: upsert series, then upsert series_weeks with
 * series_id). Each is one transaction: the series row and its whole Weekly Breakdown are written
 * together or not at all. After commit the 'series' topic refreshes the series screens and the
 * 'sundays' topic the runway dashboard, which shows series titles.
 */
function changed(id: string): AppEvent[] {
  return [
    { topic: 'series', id, audience: { minRole: 'coordinator' } },
    { topic: 'sundays', audience: { minRole: 'coordinator' } },
  ];
}

/** The owner must be an active admin, coordinator, creative or approver; keeping the current owner is always allowed. */
async function checkOwner(tx: Tx, ownerId: string | null, currentOwnerId: string | null): Promise<void> {
  if (!ownerId || ownerId === currentOwnerId) return;
  const [row] = await tx
    .select({ role: users.role, active: users.active, isExternal: users.isExternal })
    .from(users)
    .where(eq(users.id, ownerId));
  if (!row || !row.active || row.isExternal || !(OWNER_ROLES as readonly string[]).includes(row.role)) {
    throw ruleBroken(SERIES_MESSAGES.badOwner, { ownerId: SERIES_MESSAGES.badOwner });
  }
}

/** The value the upsert tried to insert, for its conflict update. */
const sqlExcluded = (column: string) => sql.raw(`excluded.${column}`);

const blankToNull = (text: string | null | undefined) => (text && text.trim() ? text.trim() : null);

/**
 * Writes the breakdown the rule gives for the dates: the weeks sent override what is stored for
 * their Sunday, stored weeks not sent are kept as they are, new Sundays get 'Week N', and weeks
 * whose Sunday is no longer in range are deleted.
 */
async function saveWeeks(tx: Tx, actor: Actor, seriesId: string, dates: SeriesDates, sent: SeriesWeekDraft[]): Promise<void> {
  const stored = await tx
    .select({
      sundayDate: seriesWeeks.sundayDate,
      weekTitle: seriesWeeks.weekTitle,
      scripture: seriesWeeks.scripture,
      blurb: seriesWeeks.blurb,
    })
    .from(seriesWeeks)
    .where(eq(seriesWeeks.seriesId, seriesId));
  const drafts = [...stored.map((w) => ({ ...w, scripture: w.scripture ?? '', blurb: w.blurb ?? '' })), ...sent];
  const weeks = breakdown(dates, drafts);
  await refuseLockedWeeks(tx, actor, changedWeekDates(stored, weeks));
  const keep = weeks.map((w) => w.sundayDate);
  await tx
    .delete(seriesWeeks)
    .where(and(eq(seriesWeeks.seriesId, seriesId), keep.length ? notInArray(seriesWeeks.sundayDate, keep) : undefined));
  if (weeks.length === 0) return;
  await tx
    .insert(seriesWeeks)
    .values(
      weeks.map((w) => ({
        seriesId,
        sundayDate: w.sundayDate,
        weekTitle: w.weekTitle,
        scripture: blankToNull(w.scripture),
        blurb: blankToNull(w.blurb),
      })),
    )
    .onConflictDoUpdate({
      target: [seriesWeeks.seriesId, seriesWeeks.sundayDate],
      set: { weekTitle: sqlExcluded('week_title'), scripture: sqlExcluded('scripture'), blurb: sqlExcluded('blurb') },
    });
}

type Actor = Pick<SessionUser, 'role'>;
type StoredWeek = { sundayDate: string; weekTitle: string; scripture: string | null; blurb: string | null };

/** The Sundays whose week the save adds, removes or rewrites (title, scripture or blurb). */
function changedWeekDates(stored: StoredWeek[], weeks: Array<{ sundayDate: string; weekTitle: string; scripture: string; blurb: string }>) {
  const before = new Map(stored.map((w) => [w.sundayDate, w]));
  const after = new Map(weeks.map((w) => [w.sundayDate, w]));
  const same = (a: StoredWeek, b: { weekTitle: string; scripture: string; blurb: string }) =>
    a.weekTitle === b.weekTitle && a.scripture === blankToNull(b.scripture) && a.blurb === blankToNull(b.blurb);
  return [...new Set([...before.keys(), ...after.keys()])].filter((d) => {
    const a = before.get(d);
    const b = after.get(d);
    return !a || !b || !same(a, b);
  });
}

/**
 * A locked Sunday's week is what that Sunday shows: after the lock only an admin adds, removes or
 * rewrites it (decision 0053). Anyone else's save is refused whole, naming the Sundays, so the
 * form keeps what was typed and the week can be put back as it was.
 */
async function refuseLockedWeeks(tx: Tx, actor: Actor, dates: string[]): Promise<void> {
  if (actor.role === 'admin' || dates.length === 0) return;
  const locked = await lockedSundaysAmong(tx, dates);
  if (locked.length === 0) return;
  const message = SERIES_MESSAGES.weekLocked(locked);
  throw new AppError(422, 'sunday_locked', message, { weeks: message });
}

/** Creates a series (id null) or updates one (404 when unknown), with its weeks, in one transaction. */
export async function saveSeries(ctx: AppContext, actor: Actor, id: string | null, input: SeriesInput): Promise<SeriesDetail> {
  const today = todayIn(ctx.config.churchTimeZone);
  return inTransaction(ctx, async (tx, events) => {
    const [current] = id ? await tx.select({ ownerId: series.ownerId }).from(series).where(eq(series.id, id)).for('update') : [];
    if (id && !current) throw notFound(SERIES_MESSAGES.notFound);
    const ownerId = input.ownerId ?? null;
    await checkOwner(tx, ownerId, current?.ownerId ?? null);
    const values = {
      title: input.title,
      tagline: blankToNull(input.tagline),
      description: blankToNull(input.description),
      startSunday: input.startSunday ?? null,
      endSunday: input.endSunday ?? null,
      themeColor: input.themeColor.toLowerCase(),
      ownerId,
    };
    const seriesId = id
      ? (await tx.update(series).set(values).where(eq(series.id, id)).returning({ id: series.id }))[0].id
      : (await tx.insert(series).values(values).returning({ id: series.id }))[0].id;
    await saveWeeks(tx, actor, seriesId, values, input.weeks);
    events.push(...changed(seriesId));
    return getSeries(tx, seriesId, today);
  });
}

/** Deletes a series; its weeks go with it and sermon plans that named it keep their text without the link. A locked Sunday's week holds it for non-admins. */
export async function deleteSeries(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  await inTransaction(ctx, async (tx, events) => {
    const weeks = await tx.select({ sundayDate: seriesWeeks.sundayDate }).from(seriesWeeks).where(eq(seriesWeeks.seriesId, id));
    await refuseLockedWeeks(
      tx,
      actor,
      weeks.map((w) => w.sundayDate),
    );
    const deleted = await tx.delete(series).where(eq(series.id, id)).returning({ id: series.id });
    if (deleted.length === 0) throw notFound(SERIES_MESSAGES.notFound);
    events.push(...changed(id));
  });
}
