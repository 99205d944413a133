import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  SUNDAY_TEMPLATE_LIMIT,
  SUNDAY_TEMPLATE_MESSAGES as M,
  type ApplyTemplateResult,
  type sundayTemplateBody,
  type SundayTemplatesResponse,
} from '../../../shared/api/sunday-templates';
import { isSunday } from '../../../shared/domain/dates';
import { SUNDAY_MESSAGES } from '../../../shared/domain/planning';
import { taskDueDate } from '../../../shared/domain/runway-setup';
import { lockSundayPlan, sundayIsLocked } from '../../commands/sunday-edit';
import type { SessionUser } from '../../platform/auth/sessions';
import { inTransaction, type AppContext } from '../../platform/context';
import type { Executor, Tx } from '../../platform/db/client';
import {
  runways,
  sundayPlanItems,
  sundayPlans,
  sundayTemplates,
  sundayTemplateTasks,
  sundayTemplateUses,
  users,
} from '../../platform/db/schema';
import { AppError, badRequest, notFound, ruleBroken } from '../../platform/errors';
import { sundayTemplatesPolicy } from './policy';

/**
 * Sunday templates (guide/sunday-planning.md#sunday-templates): named sets of one-off tasks. Each
 * write is one transaction. Applying one to a Sunday puts each of its tasks on its runway's plan of
 * that Sunday, exactly once: the key (sunday, template task) of `sunday_template_uses` is taken
 * with insert ... on conflict do nothing, so a second application (or two at once) adds nothing
 * more, and the answer says what was added and what was left.
 */

const ASSIGNEE_ROLES = ['admin', 'coordinator', 'creative'] as const;

type Body = z.output<typeof sundayTemplateBody>;

// ---------------------------------------------------------------- read

export async function listSundayTemplates(db: Executor): Promise<SundayTemplatesResponse> {
  const templates = await db
    .select({ id: sundayTemplates.id, name: sundayTemplates.name })
    .from(sundayTemplates)
    .orderBy(sql`lower(${sundayTemplates.name})`);
  const tasks = await db
    .select({
      task: sundayTemplateTasks,
      runway: { id: runways.id, code: runways.code, name: runways.name, color: runways.color },
      assigneeName: users.fullName,
    })
    .from(sundayTemplateTasks)
    .innerJoin(runways, eq(runways.id, sundayTemplateTasks.runwayId))
    .leftJoin(users, eq(users.id, sundayTemplateTasks.defaultAssigneeId))
    .orderBy(asc(sundayTemplateTasks.templateId), asc(sundayTemplateTasks.orderIndex));
  const assignees = await db
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(and(eq(users.active, true), inArray(users.role, [...ASSIGNEE_ROLES])))
    .orderBy(asc(users.fullName));
  const runwayRows = await db
    .select({ id: runways.id, code: runways.code, name: runways.name })
    .from(runways)
    .where(isNull(runways.archivedAt))
    .orderBy(asc(runways.orderIndex), asc(runways.code));
  return {
    items: templates.map((t) => ({
      ...t,
      tasks: tasks
        .filter((r) => r.task.templateId === t.id)
        .map(({ task, runway, assigneeName }) => ({
          id: task.id,
          runway,
          title: task.title,
          kind: task.kind,
          daysBefore: task.daysBefore,
          defaultAssignee: task.defaultAssigneeId ? { id: task.defaultAssigneeId, fullName: assigneeName ?? '' } : null,
        })),
    })),
    assignees,
    runways: runwayRows,
  };
}

// ---------------------------------------------------------------- write

async function checkBody(tx: Tx, body: Body, exceptId?: string) {
  // Names are compared case-blind under a table lock, so two saves of one name cannot both pass.
  await tx.execute(sql`lock table ${sundayTemplates} in share row exclusive mode`);
  const same = await tx
    .select({ id: sundayTemplates.id })
    .from(sundayTemplates)
    .where(sql`lower(${sundayTemplates.name}) = lower(${body.name})`);
  if (same.some((r) => r.id !== exceptId)) throw ruleBroken(M.nameTaken, { name: M.nameTaken });
  const runwayIds = [...new Set(body.tasks.map((t) => t.runwayId))];
  const found = await tx
    .select({ id: runways.id })
    .from(runways)
    .where(and(inArray(runways.id, runwayIds), isNull(runways.archivedAt)));
  if (found.length !== runwayIds.length) throw ruleBroken(M.runwayGone);
  const assigneeIds = [...new Set(body.tasks.flatMap((t) => (t.defaultAssigneeId ? [t.defaultAssigneeId] : [])))];
  if (assigneeIds.length) {
    const people = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, assigneeIds), eq(users.active, true), inArray(users.role, [...ASSIGNEE_ROLES])));
    if (people.length !== assigneeIds.length) throw ruleBroken(M.notAssignable);
  }
}

const taskValues = (templateId: string, t: Body['tasks'][number], orderIndex: number) => ({
  templateId,
  runwayId: t.runwayId,
  title: t.title,
  kind: t.kind,
  daysBefore: t.daysBefore,
  defaultAssigneeId: t.defaultAssigneeId,
  orderIndex,
});

export async function createSundayTemplate(ctx: AppContext, user: SessionUser, body: Body): Promise<{ id: string }> {
  return inTransaction(ctx, async (tx) => {
    if (body.tasks.some((t) => t.id)) throw badRequest(M.notFound);
    await checkBody(tx, body);
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(sundayTemplates);
    if (n >= SUNDAY_TEMPLATE_LIMIT) throw ruleBroken(M.limit);
    const [row] = await tx.insert(sundayTemplates).values({ name: body.name, createdById: user.id }).returning({ id: sundayTemplates.id });
    await tx.insert(sundayTemplateTasks).values(body.tasks.map((t, i) => taskValues(row.id, t, i)));
    return row;
  });
}

/**
 * The template as edited: tasks sent with their id are kept (the Sundays they reached remember
 * them, so applying again does not add them twice), tasks without one are new, and tasks left out
 * are removed from the template (Sundays keep the items they made).
 */
export async function updateSundayTemplate(ctx: AppContext, id: string, body: Body): Promise<{ id: string }> {
  return inTransaction(ctx, async (tx) => {
    const [row] = await tx.select().from(sundayTemplates).where(eq(sundayTemplates.id, id)).for('update');
    if (!row) throw notFound(M.notFound);
    await checkBody(tx, body, id);
    const existing = await tx
      .select({ id: sundayTemplateTasks.id })
      .from(sundayTemplateTasks)
      .where(eq(sundayTemplateTasks.templateId, id));
    const ids = new Set(existing.map((t) => t.id));
    const kept = body.tasks.filter((t) => t.id).map((t) => t.id!);
    if (kept.some((k) => !ids.has(k)) || new Set(kept).size !== kept.length) throw badRequest(M.notFound);
    await tx.update(sundayTemplates).set({ name: body.name }).where(eq(sundayTemplates.id, id));
    const gone = existing.filter((t) => !kept.includes(t.id)).map((t) => t.id);
    if (gone.length) await tx.delete(sundayTemplateTasks).where(inArray(sundayTemplateTasks.id, gone));
    const fresh: ReturnType<typeof taskValues>[] = [];
    for (const [i, t] of body.tasks.entries()) {
      if (t.id)
        await tx
          .update(sundayTemplateTasks)
          .set(taskValues(id, t, i))
          .where(eq(sundayTemplateTasks.id, t.id));
      else fresh.push(taskValues(id, t, i));
    }
    if (fresh.length) await tx.insert(sundayTemplateTasks).values(fresh);
    return { id };
  });
}

export async function deleteSundayTemplate(ctx: AppContext, id: string): Promise<{ id: string }> {
  return inTransaction(ctx, async (tx) => {
    const [row] = await tx.delete(sundayTemplates).where(eq(sundayTemplates.id, id)).returning({ id: sundayTemplates.id });
    if (!row) throw notFound(M.notFound);
    return row;
  });
}

// ---------------------------------------------------------------- apply

/**
 * Applies the template to the Sunday. Every runway plan it touches is made if missing and locked
 * FOR UPDATE (in a fixed order), the lock rule is checked once, then each task: its use is claimed
 * (on conflict: applied before, skipped) and its item inserted (on conflict with a task of the same
 * name on that plan: skipped, the Sunday already has it). Plans that got an item go up a version,
 * so an editor open on the old plan is told to reload.
 */
export async function applySundayTemplate(ctx: AppContext, user: SessionUser, date: string, id: string): Promise<ApplyTemplateResult> {
  if (!isSunday(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) throw badRequest(SUNDAY_MESSAGES.notSunday);
  return inTransaction(ctx, async (tx, events) => {
    const [template] = await tx.select({ id: sundayTemplates.id }).from(sundayTemplates).where(eq(sundayTemplates.id, id));
    if (!template) throw notFound(M.notFound);
    const tasks = await tx
      .select({ task: sundayTemplateTasks, runwayName: runways.name })
      .from(sundayTemplateTasks)
      .innerJoin(runways, eq(runways.id, sundayTemplateTasks.runwayId))
      .where(and(eq(sundayTemplateTasks.templateId, id), isNull(runways.archivedAt)))
      .orderBy(asc(sundayTemplateTasks.orderIndex));
    const plans = new Map<string, { id: string }>();
    for (const runwayId of [...new Set(tasks.map((t) => t.task.runwayId))].sort()) {
      plans.set(runwayId, await lockSundayPlan(tx, date, runwayId));
    }
    if (!sundayTemplatesPolicy.apply.allows(user, { isLocked: await sundayIsLocked(tx, date) })) {
      throw new AppError(422, 'sunday_locked', SUNDAY_MESSAGES.locked);
    }
    const result: ApplyTemplateResult = { added: [], skipped: [] };
    const bumped = new Set<string>();
    for (const { task, runwayName } of tasks) {
      const said = { runwayName, title: task.title };
      const claimed = await tx
        .insert(sundayTemplateUses)
        .values({ sundayDate: date, templateTaskId: task.id, appliedById: user.id })
        .onConflictDoNothing()
        .returning({ templateTaskId: sundayTemplateUses.templateTaskId });
      if (claimed.length === 0) {
        result.skipped.push({ ...said, reason: 'applied_before' });
        continue;
      }
      const plan = plans.get(task.runwayId)!;
      const [item] = await tx
        .insert(sundayPlanItems)
        .values({
          sundayPlanId: plan.id,
          taskName: task.title,
          kind: task.kind,
          dueDate: taskDueDate(date, task.daysBefore),
          assignedToId: task.defaultAssigneeId,
        })
        .onConflictDoNothing()
        .returning({ id: sundayPlanItems.id });
      if (!item) {
        result.skipped.push({ ...said, reason: 'name_taken' });
        continue;
      }
      await tx
        .update(sundayTemplateUses)
        .set({ planItemId: item.id })
        .where(and(eq(sundayTemplateUses.sundayDate, date), eq(sundayTemplateUses.templateTaskId, task.id)));
      result.added.push(said);
      bumped.add(plan.id);
    }
    if (bumped.size) {
      await tx
        .update(sundayPlans)
        .set({ version: sql`${sundayPlans.version} + 1` })
        .where(inArray(sundayPlans.id, [...bumped]));
      events.push({ topic: 'sundays', id: date, audience: { minRole: 'coordinator' } });
      const assignees = [...new Set(tasks.flatMap((t) => (t.task.defaultAssigneeId ? [t.task.defaultAssigneeId] : [])))];
      if (assignees.length) events.push({ topic: 'tasks', audience: { userIds: assignees } });
    }
    return result;
  });
}
