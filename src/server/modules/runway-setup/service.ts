import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  RUNWAY_SETUP_MESSAGES as M,
  type orderBody,
  type runwayBody,
  type runwayPatchBody,
  type RunwaySetup,
  type SetupChange,
  type standardBody,
  type taskBody,
  type taskPatchBody,
} from '../../../shared/api/runway-setup';
import { RUNWAY_WEEKS } from '../../../shared/domain/constants';
import { upcomingSundays } from '../../../shared/domain/dates';
import { isFileTask } from '../../../shared/domain/planning-rules';
import { freeCode, RUNWAY_CHANGED, runwayCodeFrom, taskDueDate, untouchedItem } from '../../../shared/domain/runway-setup';
import type { SessionUser } from '../../platform/auth/sessions';
import { inTransaction, type AppContext } from '../../platform/context';
import type { Executor, Tx } from '../../platform/db/client';
import { insertRunways } from '../../platform/db/runway-rows';
import { activityLog, runwayItems, runways, sundayPlanItems, sundayPlans, users } from '../../platform/db/schema';
import type { AppEvent } from '../../platform/events/bus';
import { badRequest, conflict, notFound, ruleBroken } from '../../platform/errors';
import { lockSundayPlan, sundayIsLocked } from '../../commands/sunday-edit';
import { runwaySetupPolicy } from './policy';

/**
 * Runways and their recurring tasks as data (decision 0055). Each change is one transaction that
 * also carries it to the open Sundays of the six-week window and writes the activity log:
 *
 * - a new (or restored) recurring task becomes an item on every open Sunday's plan of its runway;
 * - an edited task updates the items nobody has worked on (`untouchedItem`): name, kind, due date,
 *   default assignee; worked-on items keep what they have;
 * - an archived task leaves the open Sundays where nobody worked on it; worked-on items stay;
 * - locked Sundays are never touched, and an archived runway's rows all stay (it leaves the screens).
 *
 * A plan whose items change goes up a version, so an editor opened before answers 409, not over it.
 */

const ASSIGNEE_ROLES = ['admin', 'coordinator', 'creative'] as const;
const sundaysEvent = (date: string): AppEvent => ({ topic: 'sundays', id: date, audience: { minRole: 'coordinator' } });

// ---------------------------------------------------------------- read

export async function runwaySetup(db: Executor, user: SessionUser): Promise<RunwaySetup> {
  const runwayRows = await db.select().from(runways).orderBy(asc(runways.orderIndex), asc(runways.code));
  const taskRows = await db
    .select({ task: runwayItems, assigneeName: users.fullName })
    .from(runwayItems)
    .leftJoin(users, eq(users.id, runwayItems.defaultAssigneeId))
    .where(eq(runwayItems.type, 'requirement'))
    .orderBy(asc(runwayItems.orderIndex), asc(runwayItems.title));
  const assignees = await db
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(and(eq(users.active, true), inArray(users.role, [...ASSIGNEE_ROLES])))
    .orderBy(asc(users.fullName));
  return {
    runways: runwayRows.map((r) => ({
      id: r.id,
      code: r.code,
      name: r.name,
      color: r.color,
      orderIndex: r.orderIndex,
      archived: !!r.archivedAt,
      tasks: taskRows
        .filter((t) => t.task.runwayId === r.id)
        .map(({ task, assigneeName }) => ({
          id: task.id,
          name: task.title,
          kind: task.kind ?? (isFileTask(task.title) ? 'file' : 'text'),
          daysBefore: task.daysBefore,
          defaultAssignee: task.defaultAssigneeId ? { id: task.defaultAssigneeId, fullName: assigneeName ?? '' } : null,
          archived: !!task.archivedAt,
        })),
    })),
    assignees,
    canManageRunways: runwaySetupPolicy.manageRunways.allows(user, null),
  };
}

// ---------------------------------------------------------------- runways (admins)

const log = (tx: Tx, user: SessionUser, subjectId: string, notes: string) =>
  tx.insert(activityLog).values({ requestId: null, userId: user.id, actionType: RUNWAY_CHANGED, newValue: subjectId, notes });

async function nameFreeOrThrow(tx: Tx, name: string, exceptId?: string) {
  const same = await tx
    .select({ id: runways.id })
    .from(runways)
    .where(and(sql`lower(${runways.name}) = lower(${name})`, isNull(runways.archivedAt)));
  if (same.some((r) => r.id !== exceptId)) throw ruleBroken(M.nameTaken, { name: M.nameTaken });
}

async function runwayOrThrow(tx: Tx, id: string) {
  const [row] = await tx.select().from(runways).where(eq(runways.id, id)).for('update');
  if (!row) throw notFound(M.runwayNotFound);
  return row;
}

/** Codes already taken (archived runways keep theirs, so an old address never points elsewhere). */
const takenCodes = async (tx: Tx) => new Set((await tx.select({ code: runways.code }).from(runways)).map((r) => r.code));

export async function createRunway(ctx: AppContext, user: SessionUser, body: z.output<typeof runwayBody>): Promise<SetupChange> {
  return inTransaction(ctx, async (tx) => {
    await tx.execute(sql`lock table ${runways} in share row exclusive mode`);
    await nameFreeOrThrow(tx, body.name);
    const [{ next }] = await tx.select({ next: sql<number>`coalesce(max(${runways.orderIndex}) + 1, 0)::int` }).from(runways);
    const code = freeCode(runwayCodeFrom(body.name), await takenCodes(tx));
    const [row] = await insertRunways(tx, [{ code, name: body.name, color: body.color, orderIndex: next, tasks: [] }]);
    await log(tx, user, row.id, `Created the runway '${body.name}'.`);
    return { id: row.id, sundayItems: 0 };
  });
}

export async function updateRunway(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  body: z.output<typeof runwayPatchBody>,
): Promise<SetupChange> {
  return inTransaction(ctx, async (tx) => {
    const row = await runwayOrThrow(tx, id);
    if (body.name !== undefined) await nameFreeOrThrow(tx, body.name, id);
    await tx.update(runways).set(body).where(eq(runways.id, id));
    const said = [
      body.name !== undefined && body.name !== row.name ? `Renamed the runway '${row.name}' to '${body.name}'.` : null,
      body.color !== undefined && body.color !== row.color ? `Recoloured the runway '${body.name ?? row.name}' ${body.color}.` : null,
    ].filter(Boolean);
    if (said.length) await log(tx, user, id, said.join(' '));
    return { id, sundayItems: 0 };
  });
}

/** The active runways in a new order: the list must hold each of them once (400 otherwise). */
export async function reorderRunways(ctx: AppContext, user: SessionUser, body: z.output<typeof orderBody>): Promise<SetupChange> {
  return inTransaction(ctx, async (tx) => {
    const active = await tx.select({ id: runways.id }).from(runways).where(isNull(runways.archivedAt)).for('update');
    const ids = new Set(active.map((r) => r.id));
    if (body.ids.length !== ids.size || new Set(body.ids).size !== ids.size || body.ids.some((id) => !ids.has(id))) {
      throw badRequest(M.badOrder);
    }
    for (const [i, id] of body.ids.entries()) await tx.update(runways).set({ orderIndex: i }).where(eq(runways.id, id));
    await log(tx, user, body.ids[0], 'Reordered the runways.');
    return { id: body.ids[0], sundayItems: 0 };
  });
}

/** Archiving a runway hides it from every screen and from readiness; every Sunday's rows stay, so restoring brings them back. */
export async function setRunwayArchived(ctx: AppContext, user: SessionUser, id: string, archived: boolean): Promise<SetupChange> {
  return inTransaction(ctx, async (tx, events) => {
    const row = await runwayOrThrow(tx, id);
    if (!archived) await nameFreeOrThrow(tx, row.name, id);
    await tx
      .update(runways)
      .set({ archivedAt: archived ? new Date() : null })
      .where(eq(runways.id, id));
    await log(tx, user, id, `${archived ? 'Archived' : 'Restored'} the runway '${row.name}'.`);
    const sundayItems = archived ? 0 : await reachWindow(ctx, tx, events, { runwayId: id });
    return { id, sundayItems };
  });
}

/** 'Add the standard runways' (as offered or edited): only while the church has no runway. */
export async function addStandardRunways(ctx: AppContext, user: SessionUser, body: z.output<typeof standardBody>): Promise<SetupChange> {
  return inTransaction(ctx, async (tx, events) => {
    await tx.execute(sql`lock table ${runways} in share row exclusive mode`);
    const [active] = await tx.select({ id: runways.id }).from(runways).where(isNull(runways.archivedAt)).limit(1);
    if (active) throw conflict(M.alreadySetUp);
    const names = body.runways.map((r) => r.name.toLowerCase());
    if (new Set(names).size !== names.length) throw ruleBroken(M.nameTaken, { name: M.nameTaken });
    for (const r of body.runways) {
      const tasks = r.tasks.map((t) => t.name.toLowerCase());
      if (new Set(tasks).size !== tasks.length) throw ruleBroken(M.taskNameTaken, { name: M.taskNameTaken });
    }
    const taken = await takenCodes(tx);
    const [{ next }] = await tx.select({ next: sql<number>`coalesce(max(${runways.orderIndex}) + 1, 0)::int` }).from(runways);
    const list = body.runways.map((r, i) => {
      const code = freeCode(runwayCodeFrom(r.name), taken);
      taken.add(code);
      return { ...r, code, orderIndex: next + i };
    });
    const rows = await insertRunways(tx, list);
    await log(tx, user, rows[0].id, `Added the standard runways: ${body.runways.map((r) => r.name).join(', ')}.`);
    const sundayItems = await reachWindow(ctx, tx, events, {});
    return { id: rows[0].id, sundayItems };
  });
}

// ---------------------------------------------------------------- recurring tasks (coordinators and above)

async function assigneeOrThrow(tx: Tx, id: string | null | undefined) {
  if (!id) return;
  const [found] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.active, true), inArray(users.role, [...ASSIGNEE_ROLES])));
  if (!found) throw ruleBroken(M.notAssignable, { defaultAssigneeId: M.notAssignable });
}

async function taskNameFreeOrThrow(tx: Tx, runwayId: string, name: string, exceptId?: string) {
  const same = await tx
    .select({ id: runwayItems.id })
    .from(runwayItems)
    .where(
      and(
        eq(runwayItems.runwayId, runwayId),
        isNull(runwayItems.archivedAt),
        eq(runwayItems.type, 'requirement'),
        sql`lower(${runwayItems.title}) = lower(${name})`,
      ),
    );
  if (same.some((t) => t.id !== exceptId)) throw ruleBroken(M.taskNameTaken, { name: M.taskNameTaken });
}

async function taskOrThrow(tx: Tx, id: string) {
  const [row] = await tx
    .select({ task: runwayItems, runwayName: runways.name })
    .from(runwayItems)
    .innerJoin(runways, eq(runways.id, runwayItems.runwayId))
    .where(and(eq(runwayItems.id, id), eq(runwayItems.type, 'requirement')))
    .for('update', { of: runwayItems });
  if (!row) throw notFound(M.taskNotFound);
  return row;
}

export async function createTask(
  ctx: AppContext,
  user: SessionUser,
  runwayId: string,
  body: z.output<typeof taskBody>,
): Promise<SetupChange> {
  return inTransaction(ctx, async (tx, events) => {
    const runway = await runwayOrThrow(tx, runwayId);
    if (runway.archivedAt) throw notFound(M.runwayNotFound);
    await taskNameFreeOrThrow(tx, runwayId, body.name);
    await assigneeOrThrow(tx, body.defaultAssigneeId);
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${runwayItems.orderIndex}) + 1, 0)::int` })
      .from(runwayItems)
      .where(eq(runwayItems.runwayId, runwayId));
    const [row] = await tx
      .insert(runwayItems)
      .values({
        runwayId,
        title: body.name,
        type: 'requirement',
        kind: body.kind,
        daysBefore: body.daysBefore,
        defaultAssigneeId: body.defaultAssigneeId,
        orderIndex: next,
      })
      .returning({ id: runwayItems.id });
    await log(tx, user, runwayId, `Added the recurring task '${body.name}' to '${runway.name}'.`);
    const sundayItems = await reachWindow(ctx, tx, events, { runwayId });
    return { id: row.id, sundayItems };
  });
}

export async function updateTask(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  body: z.output<typeof taskPatchBody>,
): Promise<SetupChange> {
  return inTransaction(ctx, async (tx, events) => {
    const { task: before, runwayName } = await taskOrThrow(tx, id);
    if (body.name !== undefined) await taskNameFreeOrThrow(tx, before.runwayId, body.name, id);
    if (body.defaultAssigneeId !== undefined) await assigneeOrThrow(tx, body.defaultAssigneeId);
    const after = {
      title: body.name ?? before.title,
      kind: body.kind ?? before.kind,
      daysBefore: body.daysBefore ?? before.daysBefore,
      defaultAssigneeId: body.defaultAssigneeId !== undefined ? body.defaultAssigneeId : before.defaultAssigneeId,
    };
    await tx.update(runwayItems).set(after).where(eq(runwayItems.id, id));
    await log(
      tx,
      user,
      before.runwayId,
      before.title === after.title
        ? `Changed the recurring task '${after.title}' of '${runwayName}'.`
        : `Renamed the recurring task '${before.title}' of '${runwayName}' to '${after.title}'.`,
    );
    // Items saved under the old name before tasks were linked stay this task's items after a
    // rename (on any Sunday: the link is no content, so a locked Sunday keeps one row, not two).
    if (before.title !== after.title) {
      await tx
        .update(sundayPlanItems)
        .set({ runwayItemId: id })
        .where(
          and(
            isNull(sundayPlanItems.runwayItemId),
            eq(sundayPlanItems.taskName, before.title),
            inArray(
              sundayPlanItems.sundayPlanId,
              tx.select({ id: sundayPlans.id }).from(sundayPlans).where(eq(sundayPlans.runwayId, before.runwayId)),
            ),
          ),
        );
    }
    let sundayItems = 0;
    if (!before.archivedAt) {
      for (const item of await untouchedItemsOf(ctx, tx, before)) {
        const clash = await tx
          .select({ id: sundayPlanItems.id })
          .from(sundayPlanItems)
          .where(and(eq(sundayPlanItems.sundayPlanId, item.planId), eq(sundayPlanItems.taskName, after.title)));
        if (clash.some((c) => c.id !== item.id)) continue;
        await tx
          .update(sundayPlanItems)
          .set({
            taskName: after.title,
            kind: after.kind,
            dueDate: taskDueDate(item.sundayDate, after.daysBefore),
            assignedToId: after.defaultAssigneeId,
            runwayItemId: id,
          })
          .where(eq(sundayPlanItems.id, item.id));
        await bump(tx, events, item);
        sundayItems++;
      }
    }
    return { id, sundayItems };
  });
}

/** Archived: the task leaves the open Sundays where nobody worked on it. Restored: it reaches them again. */
export async function setTaskArchived(ctx: AppContext, user: SessionUser, id: string, archived: boolean): Promise<SetupChange> {
  return inTransaction(ctx, async (tx, events) => {
    const { task, runwayName } = await taskOrThrow(tx, id);
    if (!archived) await taskNameFreeOrThrow(tx, task.runwayId, task.title, id);
    await tx
      .update(runwayItems)
      .set({ archivedAt: archived ? new Date() : null })
      .where(eq(runwayItems.id, id));
    await log(tx, user, task.runwayId, `${archived ? 'Archived' : 'Restored'} the recurring task '${task.title}' of '${runwayName}'.`);
    let sundayItems = 0;
    if (archived && !task.archivedAt) {
      for (const item of await untouchedItemsOf(ctx, tx, task)) {
        await tx.delete(sundayPlanItems).where(eq(sundayPlanItems.id, item.id));
        await bump(tx, events, item);
        sundayItems++;
      }
    } else if (!archived) {
      sundayItems = await reachWindow(ctx, tx, events, { runwayId: task.runwayId });
    }
    return { id, sundayItems };
  });
}

// ---------------------------------------------------------------- the window

interface WindowItem {
  id: string;
  planId: string;
  sundayDate: string;
}

const windowDates = (ctx: AppContext) => upcomingSundays(ctx.config.churchTimeZone, RUNWAY_WEEKS);

/** The open (not locked) Sundays of the window. */
async function openDates(ctx: AppContext, tx: Tx): Promise<string[]> {
  const open: string[] = [];
  for (const date of windowDates(ctx)) if (!(await sundayIsLocked(tx, date))) open.push(date);
  return open;
}

/**
 * A task's items on the open Sundays of the window that nobody has worked on: linked to it, or
 * (saved before tasks were data) on its runway's plan under its name. Their plans are taken FOR
 * UPDATE first, as every Sunday write does.
 */
async function untouchedItemsOf(
  ctx: AppContext,
  tx: Tx,
  task: { id: string; runwayId: string; title: string; defaultAssigneeId: string | null },
): Promise<WindowItem[]> {
  const dates = await openDates(ctx, tx);
  if (dates.length === 0) return [];
  const plans = await tx
    .select({ id: sundayPlans.id, sundayDate: sundayPlans.sundayDate })
    .from(sundayPlans)
    .where(and(eq(sundayPlans.runwayId, task.runwayId), inArray(sundayPlans.sundayDate, dates)))
    .orderBy(asc(sundayPlans.id))
    .for('update');
  if (plans.length === 0) return [];
  const rows = await tx
    .select()
    .from(sundayPlanItems)
    .where(
      and(
        inArray(
          sundayPlanItems.sundayPlanId,
          plans.map((p) => p.id),
        ),
        sql`(${sundayPlanItems.runwayItemId} = ${task.id} or (${sundayPlanItems.runwayItemId} is null and ${sundayPlanItems.taskName} = ${task.title}))`,
      ),
    );
  return rows
    .filter((i) => untouchedItem(i, task.defaultAssigneeId))
    .map((i) => ({ id: i.id, planId: i.sundayPlanId, sundayDate: plans.find((p) => p.id === i.sundayPlanId)!.sundayDate }));
}

async function bump(tx: Tx, events: AppEvent[], item: { planId: string; sundayDate: string }) {
  await tx
    .update(sundayPlans)
    .set({ version: sql`${sundayPlans.version} + 1` })
    .where(eq(sundayPlans.id, item.planId));
  if (!events.some((e) => e.topic === 'sundays' && e.id === item.sundayDate)) events.push(sundaysEvent(item.sundayDate));
}

/**
 * Every active recurring task (of one runway, or of all) onto each open Sunday of the window: the
 * runway's plan is made if missing, a task without its item there gets one (its name, kind, due
 * date and default assignee), and an item saved under the task's name before it was linked is
 * linked instead. Answers how many items it added.
 */
export async function reachWindow(ctx: AppContext, tx: Tx, events: AppEvent[], scope: { runwayId?: string }): Promise<number> {
  const tasks = await tx
    .select({
      id: runwayItems.id,
      runwayId: runwayItems.runwayId,
      title: runwayItems.title,
      kind: runwayItems.kind,
      daysBefore: runwayItems.daysBefore,
      defaultAssigneeId: runwayItems.defaultAssigneeId,
    })
    .from(runwayItems)
    .innerJoin(runways, eq(runways.id, runwayItems.runwayId))
    .where(
      and(
        eq(runwayItems.type, 'requirement'),
        isNull(runwayItems.archivedAt),
        isNull(runways.archivedAt),
        scope.runwayId ? eq(runwayItems.runwayId, scope.runwayId) : undefined,
      ),
    )
    .orderBy(asc(runways.orderIndex), asc(runwayItems.orderIndex));
  if (tasks.length === 0) return 0;
  const runwayIds = [...new Set(tasks.map((t) => t.runwayId))];
  let added = 0;
  for (const date of await openDates(ctx, tx)) {
    for (const runwayId of runwayIds) {
      const plan = await lockSundayPlan(tx, date, runwayId);
      const items = await tx
        .select({ id: sundayPlanItems.id, taskName: sundayPlanItems.taskName, runwayItemId: sundayPlanItems.runwayItemId })
        .from(sundayPlanItems)
        .where(eq(sundayPlanItems.sundayPlanId, plan.id));
      let changed = false;
      for (const task of tasks.filter((t) => t.runwayId === runwayId)) {
        if (items.some((i) => i.runwayItemId === task.id)) continue;
        const sameName = items.find((i) => !i.runwayItemId && i.taskName === task.title);
        if (sameName) {
          await tx.update(sundayPlanItems).set({ runwayItemId: task.id }).where(eq(sundayPlanItems.id, sameName.id));
          sameName.runwayItemId = task.id;
          continue;
        }
        if (items.some((i) => i.taskName === task.title)) continue; // a one-off of that name keeps it
        const [row] = await tx
          .insert(sundayPlanItems)
          .values({
            sundayPlanId: plan.id,
            taskName: task.title,
            kind: task.kind,
            dueDate: taskDueDate(date, task.daysBefore),
            assignedToId: task.defaultAssigneeId,
            runwayItemId: task.id,
          })
          .returning({ id: sundayPlanItems.id, taskName: sundayPlanItems.taskName, runwayItemId: sundayPlanItems.runwayItemId });
        items.push(row);
        added++;
        changed = true;
      }
      if (changed) await bump(tx, events, { planId: plan.id, sundayDate: date });
    }
  }
  return added;
}
