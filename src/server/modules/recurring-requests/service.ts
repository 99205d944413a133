import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { RECURRING_MESSAGES as M, SERIES_LIMIT, type RecurringList, type recurringBody } from '../../../shared/api/recurring-requests';
import type { TemplateValues } from '../../../shared/api/request-templates';
import { addDaysIso, todayIn } from '../../../shared/domain/dates';
import { dueOccurrences, occurrencePromotionStart, occurrencesBetween } from '../../../shared/domain/recurrence';
import { checkSubmittable, writeSubmission } from '../../commands/submit-request';
import type { SessionUser } from '../../platform/auth/sessions';
import { churchConfig } from '../../platform/church-config';
import { inTransaction, type AppContext } from '../../platform/context';
import { ministries, recurringRequestOccurrences, recurringRequests, requestTemplates, users } from '../../platform/db/schema';
import { AppError, notFound, ruleBroken } from '../../platform/errors';
import { platformLog } from '../../platform/log';

/**
 * Recurring requests (guide/requests.md#recurring-requests; decision 0063). A series copies a
 * request template's fields when it is made; the job submits one ordinary request per occurrence
 * through the submission use case (`commands/submit-request`), as its owner. Pausing or ending a
 * series only changes the series: requests already made are never touched.
 */

type Series = typeof recurringRequests.$inferSelect;

// ---------------------------------------------------------------- read

export async function listRecurring(ctx: AppContext, user: SessionUser): Promise<RecurringList> {
  const rows = await ctx.db
    .select()
    .from(recurringRequests)
    .where(eq(recurringRequests.ownerId, user.id))
    .orderBy(desc(recurringRequests.createdAt))
    .limit(SERIES_LIMIT);
  const recent = rows.length
    ? await ctx.db
        .select()
        .from(recurringRequestOccurrences)
        .where(
          inArray(
            recurringRequestOccurrences.seriesId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(desc(recurringRequestOccurrences.occurrenceDate))
    : [];
  const today = todayIn(ctx.config.churchTimeZone);
  return {
    items: rows.map((r) => {
      const made = recent.filter((o) => o.seriesId === r.id);
      const after = made[0] ? addDaysIso(made[0].occurrenceDate, 1) : today;
      const next = r.status === 'active' ? (occurrencesBetween(r, after < today ? today : after, addDaysIso(today, 800))[0] ?? null) : null;
      return {
        id: r.id,
        name: r.name,
        cadence: r.cadence,
        firstDate: r.firstDate,
        untilDate: r.untilDate,
        daysAhead: r.daysAhead,
        status: r.status,
        nextDate: next,
        recent: made.slice(0, 5).map((o) => ({ occurrenceDate: o.occurrenceDate, requestId: o.requestId, failure: o.failure })),
      };
    }),
  };
}

// ---------------------------------------------------------------- write

export async function createRecurring(ctx: AppContext, user: SessionUser, body: z.output<typeof recurringBody>): Promise<{ id: string }> {
  const config = await churchConfig(ctx);
  const today = todayIn(config.church.effectiveTimeZone);
  if (body.firstDate < today) throw ruleBroken(M.firstDatePast, { firstDate: M.firstDatePast });
  const minNotice = config.church.promotionMinDays;
  if (body.daysAhead < minNotice) throw ruleBroken(M.tooFewDaysAhead(minNotice), { daysAhead: M.tooFewDaysAhead(minNotice) });
  return inTransaction(ctx, async (tx) => {
    const [template] = await tx.select().from(requestTemplates).where(eq(requestTemplates.id, body.templateId));
    if (!template || !(template.isChurch || template.ownerId === user.id))
      throw ruleBroken(M.templateNotFound, { templateId: M.templateNotFound });
    // The template must make a request the church would take, as the form would check it.
    const sample = rawSubmission(
      template.values,
      body.firstDate,
      occurrencePromotionStart(body.firstDate, today, minNotice),
      body.planningCenterAdded,
    );
    checkSubmittable(sample, 0, today, config);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`recurring-requests:${user.id}`}))`);
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(recurringRequests)
      .where(eq(recurringRequests.ownerId, user.id));
    if (n >= SERIES_LIMIT) throw ruleBroken(M.limit);
    const [row] = await tx
      .insert(recurringRequests)
      .values({
        ownerId: user.id,
        name: template.name,
        values: template.values,
        cadence: body.cadence,
        firstDate: body.firstDate,
        untilDate: body.untilDate,
        daysAhead: body.daysAhead,
        planningCenterAdded: body.planningCenterAdded,
      })
      .returning({ id: recurringRequests.id });
    return row;
  });
}

/** Pause, resume or end the caller's series; an ended series stays ended. Requests already made are not touched. */
export async function setRecurringStatus(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  status: 'active' | 'paused' | 'ended',
): Promise<{ id: string }> {
  return inTransaction(ctx, async (tx) => {
    const [row] = await tx.select().from(recurringRequests).where(eq(recurringRequests.id, id)).for('update');
    if (!row || row.ownerId !== user.id) throw notFound(M.notYours);
    if (row.status === 'ended') throw new AppError(409, 'conflict', M.ended);
    await tx.update(recurringRequests).set({ status }).where(eq(recurringRequests.id, id));
    return { id };
  });
}

// ---------------------------------------------------------------- the job

/** The submission the form would send for one occurrence: the template's fields and the occurrence's dates. */
function rawSubmission(values: TemplateValues, eventDate: string, promotionStart: string, planningCenterAdded: boolean) {
  return {
    ...values,
    eventStartDate: eventDate,
    eventEndDate: '',
    promotionStartDate: promotionStart,
    planningCenterAdded,
    planningCenterLink: '',
  };
}

export const RECURRING_REQUESTS_JOB = 'recurring_requests';
/** Hourly: an occurrence is made within the hour its creation day begins in the church's zone. */
export const RECURRING_REQUESTS_INTERVAL_MS = 60 * 60 * 1000;

export function recurringRequestsJob(ctx: AppContext) {
  return { name: RECURRING_REQUESTS_JOB, intervalMs: RECURRING_REQUESTS_INTERVAL_MS, run: () => runRecurringRequests(ctx) };
}

/**
 * Makes every due occurrence of every active series (guide/requests.md#recurring-requests). Each
 * occurrence is its own transaction: it claims the key (series, date) with insert ... on conflict
 * do nothing and, when it got it, checks and writes the request as a submission would, or records
 * why it could not. A second instance running at the same moment waits on the key and then finds
 * it taken; a run after a restart finds the rows. Answers how many requests it made.
 */
export async function runRecurringRequests(ctx: AppContext, now: Date = new Date()): Promise<number> {
  const config = await churchConfig(ctx);
  const today = todayIn(config.church.effectiveTimeZone, now);
  const active = await ctx.db.select().from(recurringRequests).where(eq(recurringRequests.status, 'active'));
  let made = 0;
  for (const series of active) {
    for (const date of dueOccurrences(series, today, series.daysAhead, config.church.promotionMinDays)) {
      if (await makeOccurrence(ctx, series, date, today)) made++;
    }
  }
  return made;
}

async function makeOccurrence(ctx: AppContext, series: Series, date: string, today: string): Promise<boolean> {
  const config = await churchConfig(ctx);
  return inTransaction(ctx, async (tx, events) => {
    // The series as it is now: paused or ended since the run began makes nothing.
    const [current] = await tx
      .select({ status: recurringRequests.status })
      .from(recurringRequests)
      .where(eq(recurringRequests.id, series.id))
      .for('share');
    if (current?.status !== 'active') return false;
    const claimed = await tx
      .insert(recurringRequestOccurrences)
      .values({ seriesId: series.id, occurrenceDate: date })
      .onConflictDoNothing()
      .returning({ seriesId: recurringRequestOccurrences.seriesId });
    if (claimed.length === 0) return false;
    const failed = async (reason: string) => {
      await tx
        .update(recurringRequestOccurrences)
        .set({ failure: reason })
        .where(and(eq(recurringRequestOccurrences.seriesId, series.id), eq(recurringRequestOccurrences.occurrenceDate, date)));
      platformLog().warn({ seriesId: series.id, occurrenceDate: date, reason }, 'A recurring request occurrence was not made');
      return false;
    };
    const [owner] = await tx.select().from(users).where(eq(users.id, series.ownerId));
    if (!owner?.active) return failed('Its owner is no longer active.');
    const raw = rawSubmission(
      series.values,
      date,
      occurrencePromotionStart(date, today, config.church.promotionMinDays),
      series.planningCenterAdded,
    );
    let checked: ReturnType<typeof checkSubmittable>;
    try {
      checked = checkSubmittable(raw, 0, today, config);
    } catch (err) {
      return failed(err instanceof Error ? err.message : String(err));
    }
    const [ministry] = await tx
      .select({ name: ministries.name })
      .from(ministries)
      .where(and(eq(ministries.id, checked.submission.ministryId), eq(ministries.active, true)));
    if (!ministry) return failed('Its ministry is no longer active.');
    const user: SessionUser = {
      id: owner.id,
      role: owner.role,
      fullName: owner.fullName,
      email: owner.email,
      ministryId: owner.ministryId,
      passwordResetRequired: false,
    };
    const requestId = await writeSubmission(tx, events, {
      user,
      files: [],
      storedKeys: [],
      idempotencyKey: randomUUID(),
      submission: checked.submission,
      score: checked.score,
      ministryName: ministry.name,
      config,
      today,
      origin: ctx.config.appOrigin,
    });
    await tx
      .update(recurringRequestOccurrences)
      .set({ requestId })
      .where(and(eq(recurringRequestOccurrences.seriesId, series.id), eq(recurringRequestOccurrences.occurrenceDate, date)));
    return true;
  });
}
