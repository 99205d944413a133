import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  SUNDAYS_MESSAGES,
  type LockSundayResult,
  type RunwayDashboard,
  type RunwaySundays,
  type RunwaySummary,
  type SavePlanItemsResult,
  type SundayDetail,
  type UpcomingSunday,
  savePlanItemsBody,
  saveSermonBody,
  type UnlockSundayResult,
  addOneOffTaskBody,
} from '../../../shared/api/sundays';
import { SUNDAY_LOCKED, SUNDAY_UNLOCKED, taskDueDate } from '../../../shared/domain/runway-setup';
import { isSunday, todayIn, upcomingSundays } from '../../../shared/domain/dates';
import { RUNWAY_WEEKS } from '../../../shared/domain/constants';
import type { RunwayCode } from '../../../shared/domain/planning';
import type { AssignmentResponse } from '../../../shared/domain/people-on-sundays';
import {
  globalReadiness,
  healthScore,
  planReadiness,
  readinessBadge,
  rowsToSave,
  runwayReadiness,
  sermonComplete,
  sundayReadiness,
} from '../../../shared/domain/planning-rules';
import type { z } from 'zod';
import type { SessionUser } from '../../platform/auth/sessions';
import { inTransaction, type AppContext } from '../../platform/context';
import type { Executor, Tx } from '../../platform/db/client';
import { activityLog, runwayItems, runways, series, sermonDetails, sundayPlanItems, sundayPlans, users } from '../../platform/db/schema';
import type { AppEvent } from '../../platform/events/bus';
import { AppError, badRequest, notFound, ruleBroken } from '../../platform/errors';
import { lockSundayPlan, openSundayForEdit, sundayIsLocked } from '../../commands/sunday-edit';
import { tellSundayAssignees } from '../../commands/sunday-assignment';
import { refuseBlockedOut, refuseNewlyBlockedOut } from '../../commands/assignment-answer';
import { auditIfDue } from '../../commands/health-audit';
import { SUNDAY_MESSAGES } from '../../../shared/domain/planning';
import {
  dashboardFields,
  groupItems,
  loadWindow,
  lockOf,
  runwayGroup,
  servicePlanOf,
  shortDate,
  weekdayOf,
  windowFrom,
  type RunwayRow,
  type ServiceCounts,
  type Window,
} from './queries';
import { buildJsonSelect, selectBuiltJson } from '../../platform/db/json-select';
import { keptByKey, type BuiltStatement } from '../../platform/db/prepared';
import { sundaysPolicy } from './policy';

/**
 * Runways and Sunday plans (guide/sunday-planning.md; guide/sunday-planning.md#a-runway-view, #readiness; decision 0014): the reads build the
 * screens from one query set each; the writes go through `openSundayForEdit`, one transaction a
 * use case, and tell every coordinator's browser after commit.
 */

const sundaysEvent = (date: string): AppEvent => ({ topic: 'sundays', id: date, audience: { minRole: 'coordinator' } });
const ASSIGNEE_ROLES = ['admin', 'coordinator', 'creative'] as const;
const PASTOR_ROLES = [...ASSIGNEE_ROLES, 'approver'] as const;

// ---------------------------------------------------------------- the dashboard

/** What a runway asks for next: its earliest unfinished task over the window. */
function nextAction(w: Window, runway: RunwayRow): string {
  for (const date of w.dates) {
    const open = groupItems(w, date, runway.id).find((i) => !i.isComplete);
    if (open) return `${open.assignee ? 'Finish' : 'Assign'} ${open.taskName} for ${shortDate(date)}`;
  }
  return 'All tasks done for the next 6 Sundays';
}

export function summarizeRunway(w: Window, runway: RunwayRow): RunwaySummary {
  const perSunday = w.dates.map((date) => planReadiness(groupItems(w, date, runway.id)));
  const planIds = new Set(w.plans.filter((p) => p.runwayId === runway.id).map((p) => p.id));
  const saved = w.items.filter((i) => planIds.has(i.sundayPlanId));
  const readinessPct = runwayReadiness(perSunday);
  return {
    ...runway,
    readinessPct,
    badge: readinessBadge(readinessPct),
    itemsPlanned: saved.length,
    lockedSundays: w.dates.filter((d) => lockOf(w, d).isLocked).length,
    itemsInProgress: saved.filter((i) => !i.isComplete && !!i.assignedToId).length,
    nextAction: nextAction(w, runway),
  };
}

/** A Sunday's readiness: the mean of its runway plans (each read as the dialog shows it). */
export const sundayPct = (w: Window, date: string) => sundayReadiness(w.runways.map((r) => planReadiness(groupItems(w, date, r.id))));

/**
 * The dashboard in ONE statement (decision 0038): the window of Sundays and the dashboard's own
 * parts, read as JSON by PostgreSQL; the readiness and the summaries are then pure functions.
 */
/** The runways in use, in the church's order: the runway tab bar's. */
export async function activeRunways(db: Executor) {
  return db
    .select({ id: runways.id, code: runways.code, name: runways.name, color: runways.color, orderIndex: runways.orderIndex })
    .from(runways)
    .where(isNull(runways.archivedAt))
    .orderBy(asc(runways.orderIndex), asc(runways.code));
}

export async function runwayDashboard(db: Executor, user: SessionUser, timeZone: string): Promise<RunwayDashboard> {
  const today = todayIn(timeZone);
  const dates = upcomingSundays(timeZone, RUNWAY_WEEKS);
  const withHealth = sundaysPolicy.health.allows(user, null);
  const read = await selectBuiltJson(db, dashboardStatement({ db, key: { dates, today, withHealth } }));
  const w = windowFrom(dates, read);
  const counts = read.serviceCounts as ServiceCounts[];
  const weekSeries = firstTitleByDate(read.weekSeries as Array<{ sundayDate: string; title: string }>);
  const summaries = w.runways.map((r) => summarizeRunway(w, r));
  const upcoming = dates.map((date): UpcomingSunday => {
    const c = counts.find((x) => x.sundayDate === date);
    const readinessPct = sundayPct(w, date);
    return {
      sundayDate: date,
      seriesTitle: weekSeries.get(date) ?? c?.sermonSeries ?? null,
      videoCount: c?.videoCount ?? 0,
      slideCount: c?.slideCount ?? 0,
      socialCount: c?.socialCount ?? 0,
      isLocked: lockOf(w, date).isLocked,
      readinessPct,
      badge: readinessBadge(readinessPct),
    };
  });
  const global = globalReadiness(summaries.map((s) => s.readinessPct));
  return {
    runways: summaries,
    globalReadinessPct: global,
    globalBadge: readinessBadge(global),
    upcomingSundays: upcoming,
    futureNotes: read.futureNotes as RunwayDashboard['futureNotes'],
    healthScore: withHealth ? healthScore(read.healthStatuses as string[]) : null,
    eventPromotions: read.eventPromotions as RunwayDashboard['eventPromotions'],
  };
}

/**
 * The dashboard's statement, named (decisions 0040, 0042): it has no parameter, so there is one
 * text a day for each kind of reader (with or without the health score). Built once for each and
 * kept (decision 0047): rebuilding and hashing its text cost 0.23 ms a call. The text depends on the SQL dialect only, the same for every handle.
 */
type DashboardKey = { dates: string[]; today: string; withHealth: boolean };
const dashboardStatement = keptByKey<{ db: Executor; key: DashboardKey }, BuiltStatement>(
  4,
  // The window's dates follow from today, so today and the reader's kind name the text.
  ({ key }) => `${key.today}|${key.withHealth}`,
  ({ db, key }) => buildJsonSelect(db, dashboardFields(key)),
);

/** The first title of each date (rows come latest-starting series first). */
function firstTitleByDate(rows: Array<{ sundayDate: string; title: string }>): Map<string, string> {
  const byDate = new Map<string, string>();
  for (const r of rows) if (!byDate.has(r.sundayDate)) byDate.set(r.sundayDate, r.title);
  return byDate;
}

/** The dashboard as a user opens it: for an admin the health audit runs first, at most once an hour (guide/administration.md#system-health). */
export async function openRunwayDashboard(ctx: AppContext, user: SessionUser): Promise<RunwayDashboard> {
  if (sundaysPolicy.health.allows(user, null)) await auditIfDue(ctx, user.id);
  return runwayDashboard(ctx.db, user, ctx.config.churchTimeZone);
}

// ---------------------------------------------------------------- a runway view

async function runwayByCode(db: Executor, code: RunwayCode): Promise<RunwayRow> {
  const [row] = await db
    .select({ id: runways.id, code: runways.code, name: runways.name, color: runways.color, orderIndex: runways.orderIndex })
    .from(runways)
    .where(and(eq(runways.code, code), isNull(runways.archivedAt)));
  if (!row) throw notFound(SUNDAYS_MESSAGES.runwayNotFound);
  return row;
}

export async function runwaySundays(db: Executor, code: RunwayCode, timeZone: string): Promise<RunwaySundays> {
  const dates = upcomingSundays(timeZone, RUNWAY_WEEKS);
  const w = await loadWindow(db, dates);
  const runway = w.runways.find((r) => r.code === code);
  if (!runway) throw notFound(SUNDAYS_MESSAGES.runwayNotFound);
  return {
    runway,
    timeZone,
    sundays: dates.map((date) => {
      const group = runwayGroup(w, date, runway);
      return {
        sundayDate: date,
        weekday: weekdayOf(date),
        isLocked: lockOf(w, date).isLocked,
        readinessPct: group.readinessPct,
        badge: readinessBadge(group.readinessPct),
        version: group.version,
      };
    }),
  };
}

// ---------------------------------------------------------------- one Sunday

function sundayOrThrow(date: string) {
  if (!isSunday(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) throw badRequest(SUNDAY_MESSAGES.notSunday);
}

async function people(db: Executor) {
  return db
    .select({ id: users.id, fullName: users.fullName, role: users.role })
    .from(users)
    .where(and(eq(users.active, true), inArray(users.role, [...PASTOR_ROLES])))
    .orderBy(asc(users.fullName));
}

export async function sundayDetail(db: Executor, user: SessionUser, date: string): Promise<SundayDetail> {
  sundayOrThrow(date);
  const w = await loadWindow(db, [date]);
  const service = servicePlanOf(w, date);
  const [sermon] = await db
    .select({ sermon: sermonDetails })
    .from(sermonDetails)
    .innerJoin(sundayPlans, eq(sundayPlans.id, sermonDetails.sundayId))
    .where(and(eq(sundayPlans.sundayDate, date), isNull(sundayPlans.runwayId)))
    .then((rows) => rows.map((r) => r.sermon));
  const seriesOptions = await db
    .select({ id: series.id, title: series.title })
    .from(series)
    .orderBy(sql`${series.startSunday} desc nulls last`, asc(series.title));
  const everyone = await people(db);
  const lock = lockOf(w, date);
  const groups = w.runways.map((r) => runwayGroup(w, date, r));
  const lockLog = await db
    .select({ action: activityLog.actionType, by: users.fullName, at: activityLog.createdAt })
    .from(activityLog)
    .leftJoin(users, eq(users.id, activityLog.userId))
    .where(
      and(isNull(activityLog.requestId), eq(activityLog.newValue, date), inArray(activityLog.actionType, [SUNDAY_LOCKED, SUNDAY_UNLOCKED])),
    )
    .orderBy(desc(activityLog.createdAt))
    .limit(20);
  const sermonView = {
    seriesId: sermon?.seriesId ?? null,
    sermonTitle: sermon?.sermonTitle ?? null,
    teachingPastorId: sermon?.teachingPastorId ?? null,
    scriptureReference: sermon?.scriptureReference ?? null,
    mainIdea: sermon?.mainIdea ?? null,
    slidesNeeded: (sermon?.slidesNeeded ?? []) as SundayDetail['sermon']['slidesNeeded'],
    status: (sermon?.status ?? 'Planned') as SundayDetail['sermon']['status'],
    ownerId: sermon?.ownerId ?? null,
    pastorResponse: (sermon?.pastorResponse ?? 'pending') as AssignmentResponse,
    pastorResponseReason: sermon?.pastorResponseReason ?? null,
    ownerResponse: (sermon?.ownerResponse ?? 'pending') as AssignmentResponse,
    ownerResponseReason: sermon?.ownerResponseReason ?? null,
  };
  return {
    sundayDate: date,
    servicePlan: { id: service?.id ?? null, version: service?.version ?? 0 },
    lock: { isLocked: lock.isLocked, lockedBy: lock.lockedBy, lockedAt: lock.lockedAt?.toISOString() ?? null },
    readinessPct: sundayReadiness(groups.map((g) => g.readinessPct)),
    lockLog: lockLog.map((e) => ({ action: e.action === SUNDAY_UNLOCKED ? 'unlocked' : 'locked', by: e.by, at: e.at.toISOString() })),
    groups,
    sermon: sermonView,
    sermonComplete: sermonComplete(sermonView),
    seriesOptions,
    assignees: everyone.filter((p) => (ASSIGNEE_ROLES as readonly string[]).includes(p.role)).map(({ id, fullName }) => ({ id, fullName })),
    pastors: everyone.map(({ id, fullName }) => ({ id, fullName })),
    canEdit: sundaysPolicy.edit.allows(user, lock),
    canLock: sundaysPolicy.lock.allows(user, lock),
    canUnlock: sundaysPolicy.unlock.allows(user, lock),
    canAddTask: sundaysPolicy.edit.allows(user, lock),
  };
}

// ---------------------------------------------------------------- writes

/** Each id must be an active user of the given roles (422 otherwise, naming the field). */
async function peopleOrThrow(tx: Tx, ids: Array<string | null>, roles: readonly string[], message: string, field: string) {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return;
  const found = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, wanted), eq(users.active, true), inArray(users.role, [...roles])));
  if (found.length !== wanted.length) throw ruleBroken(message, { [field]: message });
}

/**
 * Saves a runway's tasks of a Sunday (guide/sunday-planning.md#the-sunday-plan-dialog, #sunday-plans): the save rule picks the rows
 * to write; none answers `{saved: 0}` and changes nothing (the dialog says 'No changes to save.');
 * otherwise the runway's plan is opened through the guard (lock, version) and the rows upserted on
 * (plan, task name).
 */
export async function savePlanItems(
  ctx: AppContext,
  user: SessionUser,
  date: string,
  code: RunwayCode,
  body: z.output<typeof savePlanItemsBody>,
): Promise<SavePlanItemsResult> {
  sundayOrThrow(date);
  const names = body.items.map((i) => i.taskName);
  if (new Set(names).size !== names.length) throw badRequest(SUNDAYS_MESSAGES.duplicateTask);
  const rows = rowsToSave(body.items);
  return inTransaction(ctx, async (tx, events) => {
    const runway = await runwayByCode(tx, code);
    if (rows.length === 0) {
      const [plan] = await tx
        .select({ version: sundayPlans.version })
        .from(sundayPlans)
        .where(and(eq(sundayPlans.sundayDate, date), eq(sundayPlans.runwayId, runway.id)));
      return { saved: 0, version: plan?.version ?? 0 };
    }
    const plan = await openSundayForEdit(tx, user, date, runway.id, body.version);
    await peopleOrThrow(
      tx,
      rows.map((r) => r.assignedToId),
      ASSIGNEE_ROLES,
      SUNDAYS_MESSAGES.notAssignable,
      'assignedToId',
    );
    const existing = await tx
      .select({ id: sundayPlanItems.id, taskName: sundayPlanItems.taskName, assignedToId: sundayPlanItems.assignedToId })
      .from(sundayPlanItems)
      .where(eq(sundayPlanItems.sundayPlanId, plan.id));
    // Someone newly given a task on a Sunday they are blocked out needs the coordinator's confirmation (guide/sunday-planning.md#blockout-dates).
    const held = new Map(existing.map((e) => [e.id, e.assignedToId]));
    const heldByName = new Map(existing.map((e) => [e.taskName, e.assignedToId]));
    await refuseBlockedOut(
      tx,
      rows
        .filter((r) => r.assignedToId && r.assignedToId !== (r.id ? held.get(r.id) : heldByName.get(r.taskName)))
        .map((r) => ({ assigneeId: r.assignedToId!, date })),
      body.confirmBlockout,
    );
    // A new row named as one of the runway's recurring tasks is that task's item on this Sunday.
    const tasks = await tx
      .select({ id: runwayItems.id, title: runwayItems.title, kind: runwayItems.kind, daysBefore: runwayItems.daysBefore })
      .from(runwayItems)
      .where(and(eq(runwayItems.runwayId, runway.id), isNull(runwayItems.archivedAt)));
    const values = rows.map((r) => {
      // A saved row keeps its own name: the id decides which row it is.
      const own = r.id ? existing.find((e) => e.id === r.id) : undefined;
      if (r.id && !own) throw notFound(SUNDAYS_MESSAGES.taskNotOnPlan);
      const task = own ? undefined : tasks.find((t) => t.title === r.taskName);
      return {
        ...(task ? { runwayItemId: task.id, kind: task.kind, dueDate: taskDueDate(date, task.daysBefore) } : {}),
        sundayPlanId: plan.id,
        taskName: own?.taskName ?? r.taskName,
        taskDetails: r.taskDetails,
        url: r.url,
        fileUrl: r.fileUrl,
        isComplete: r.isComplete,
        assignedToId: r.assignedToId,
      };
    });
    const saved = await tx
      .insert(sundayPlanItems)
      .values(values)
      .onConflictDoUpdate({
        target: [sundayPlanItems.sundayPlanId, sundayPlanItems.taskName],
        set: {
          taskDetails: sql`excluded.task_details`,
          url: sql`excluded.url`,
          fileUrl: sql`excluded.file_url`,
          isComplete: sql`excluded.is_complete`,
          assignedToId: sql`excluded.assigned_to_id`,
        },
      })
      .returning({ id: sundayPlanItems.id, taskName: sundayPlanItems.taskName, assignedToId: sundayPlanItems.assignedToId });
    const before = new Map(existing.map((e) => [e.taskName, e.assignedToId]));
    await tellSundayAssignees(
      tx,
      events,
      user.id,
      saved.map((r) => ({
        kind: 'task',
        id: r.id,
        sundayDate: date,
        label: r.taskName,
        assigneeId: r.assignedToId,
        before: before.get(r.taskName),
      })),
      ctx.config.appOrigin,
    );
    events.push(sundaysEvent(date));
    return { saved: values.length, version: plan.version };
  });
}

/** Saves the sermon plan (Message Details) on the Sunday's service plan, upserted on sunday_id (guide/sunday-planning.md#sunday-plans). */
export async function saveSermon(
  ctx: AppContext,
  user: SessionUser,
  date: string,
  body: z.output<typeof saveSermonBody>,
): Promise<{ version: number }> {
  sundayOrThrow(date);
  return inTransaction(ctx, async (tx, events) => {
    const plan = await openSundayForEdit(tx, user, date, null, body.version);
    await peopleOrThrow(tx, [body.teachingPastorId], PASTOR_ROLES, SUNDAYS_MESSAGES.notPastor, 'teachingPastorId');
    await peopleOrThrow(tx, [body.ownerId], PASTOR_ROLES, SUNDAYS_MESSAGES.notPastor, 'ownerId');
    if (body.seriesId) {
      const [found] = await tx.select({ id: series.id }).from(series).where(eq(series.id, body.seriesId));
      if (!found) throw ruleBroken(SUNDAYS_MESSAGES.seriesNotFound, { seriesId: SUNDAYS_MESSAGES.seriesNotFound });
    }
    const { version: _version, confirmBlockout, ...fields } = body;
    const [was] = await tx
      .select({ teachingPastorId: sermonDetails.teachingPastorId, ownerId: sermonDetails.ownerId, title: sermonDetails.sermonTitle })
      .from(sermonDetails)
      .where(eq(sermonDetails.sundayId, plan.id));
    // A role newly given to someone blocked out that Sunday needs the coordinator's confirmation (guide/sunday-planning.md#blockout-dates).
    await refuseNewlyBlockedOut(
      tx,
      date,
      [
        { assigneeId: body.teachingPastorId, before: was?.teachingPastorId },
        { assigneeId: body.ownerId, before: was?.ownerId },
      ],
      confirmBlockout,
    );
    const label = body.sermonTitle ?? was?.title ?? 'Sermon';
    const role = (kind: 'sermon_pastor' | 'sermon_owner', assigneeId: string | null, before: string | null | undefined) => ({
      kind,
      id: plan.id,
      sundayDate: date,
      label,
      assigneeId,
      before,
    });
    await tx
      .insert(sermonDetails)
      .values({ sundayId: plan.id, ...fields })
      .onConflictDoUpdate({ target: sermonDetails.sundayId, set: fields });
    // After the row: a role one takes oneself stands accepted over what the database started.
    await tellSundayAssignees(
      tx,
      events,
      user.id,
      [role('sermon_pastor', body.teachingPastorId, was?.teachingPastorId), role('sermon_owner', body.ownerId, was?.ownerId)],
      ctx.config.appOrigin,
    );
    events.push(sundaysEvent(date));
    return { version: plan.version };
  });
}

/**
 * Lock Sunday (guide/sunday-planning.md#the-runways-dashboard, #the-sunday-plan-dialog, decision 0014): every plan of the date is locked with who
 * and when, the service plan made first if the Sunday has none; a Sunday already locked is 409.
 * The service plan's row lock makes two simultaneous locks one lock and one 409.
 */
export async function lockSunday(ctx: AppContext, user: SessionUser, date: string): Promise<LockSundayResult> {
  sundayOrThrow(date);
  return inTransaction(ctx, async (tx, events) => {
    await lockSundayPlan(tx, date, null);
    if (await sundayIsLocked(tx, date)) throw new AppError(409, 'already_locked', SUNDAYS_MESSAGES.alreadyLocked);
    const lockedAt = new Date();
    await tx
      .update(sundayPlans)
      .set({ isLocked: true, lockedById: user.id, lockedAt, status: 'locked' })
      .where(eq(sundayPlans.sundayDate, date));
    await tx.insert(activityLog).values({ requestId: null, userId: user.id, actionType: SUNDAY_LOCKED, newValue: date });
    events.push(sundaysEvent(date));
    return { sundayDate: date, lockedAt: lockedAt.toISOString(), lockedBy: user.fullName };
  });
}

/**
 * Unlock Sunday (admins, decision 0055): every plan of the date is opened again and the unlock is
 * written to the activity log with the Sunday's date, shown with the Sunday. The lock rule's job
 * leaves a Sunday an admin unlocked alone; Lock Sunday locks it again. Not locked: 409.
 */
export async function unlockSunday(ctx: AppContext, user: SessionUser, date: string): Promise<UnlockSundayResult> {
  sundayOrThrow(date);
  return inTransaction(ctx, async (tx, events) => {
    await lockSundayPlan(tx, date, null);
    if (!(await sundayIsLocked(tx, date))) throw new AppError(409, 'not_locked', SUNDAYS_MESSAGES.notLocked);
    await tx
      .update(sundayPlans)
      .set({ isLocked: false, lockedById: null, lockedAt: null, status: 'open' })
      .where(eq(sundayPlans.sundayDate, date));
    await tx.insert(activityLog).values({ requestId: null, userId: user.id, actionType: SUNDAY_UNLOCKED, newValue: date });
    events.push(sundaysEvent(date));
    return { sundayDate: date, unlockedBy: user.fullName };
  });
}

/**
 * A one-off task (coordinators and above): one plan item on one Sunday's runway plan, from no
 * recurring task, through the Sunday's guard (lock, version). A name the plan already has: 422.
 */
export async function addOneOffTask(
  ctx: AppContext,
  user: SessionUser,
  date: string,
  code: RunwayCode,
  body: z.output<typeof addOneOffTaskBody>,
): Promise<{ id: string; version: number }> {
  sundayOrThrow(date);
  return inTransaction(ctx, async (tx, events) => {
    const runway = await runwayByCode(tx, code);
    const plan = await openSundayForEdit(tx, user, date, runway.id, body.version);
    const [taken] = await tx
      .select({ id: sundayPlanItems.id })
      .from(sundayPlanItems)
      .where(and(eq(sundayPlanItems.sundayPlanId, plan.id), eq(sundayPlanItems.taskName, body.taskName)));
    const [task] = await tx
      .select({ id: runwayItems.id })
      .from(runwayItems)
      .where(and(eq(runwayItems.runwayId, runway.id), isNull(runwayItems.archivedAt), eq(runwayItems.title, body.taskName)));
    if (taken || task) throw ruleBroken(SUNDAYS_MESSAGES.taskNameTaken, { taskName: SUNDAYS_MESSAGES.taskNameTaken });
    const [row] = await tx
      .insert(sundayPlanItems)
      .values({ sundayPlanId: plan.id, taskName: body.taskName, kind: body.kind })
      .returning({ id: sundayPlanItems.id });
    events.push(sundaysEvent(date));
    return { id: row.id, version: plan.version };
  });
}
