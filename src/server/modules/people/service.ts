import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AvailabilityAnswer,
  BlockoutList,
  Schedule,
  ScheduleTask,
  blockoutBody,
  scheduleAssignBody,
} from '../../../shared/api/people';
import { SUNDAYS_MESSAGES } from '../../../shared/api/sundays';
import { SUNDAY_MESSAGES } from '../../../shared/domain/planning';
import { addDaysIso, isSunday, todayIn, upcomingSundays } from '../../../shared/domain/dates';
import {
  blockoutProblem,
  loadWeekOf,
  PEOPLE_MESSAGES,
  suggestReplacements,
  type AnswerableKind,
  type Availability,
} from '../../../shared/domain/people-on-sundays';
import { taskDueDate } from '../../../shared/domain/runway-setup';
import { SCHEDULE_MAX_WEEKS } from '../../../shared/api/people';
import { ASSIGNABLE_ROLES, assignableOrThrow } from '../../commands/assignment';
import { refuseBlockedOut } from '../../commands/assignment-answer';
import { openSundayForEdit, lockSundayPlan } from '../../commands/sunday-edit';
import { tellSundayAssignees } from '../../commands/sunday-assignment';
import type { SessionUser } from '../../platform/auth/sessions';
import { inTransaction, type AppContext } from '../../platform/context';
import { rowsOf, type Executor } from '../../platform/db/client';
import { selectJson } from '../../platform/db/json-select';
import { liveItemSql, openItemSql } from '../../platform/db/predicates';
import { blockouts, runwayItems, runways, sundayPlanItems } from '../../platform/db/schema';
import { badRequest, notFound, ruleBroken } from '../../platform/errors';
import { groupItems, lockOf, windowFrom, windowJson, type WindowPart } from '../../queries/sunday-readiness';
import { literalList } from '../../queries/sql-lists';

/**
 * Blockouts, a picker's availability and the schedule (guide/sunday-planning.md#blockout-dates,
 * #replacements, #the-schedule). Each read is one statement whatever the church's size.
 */

// ---------------------------------------------------------------- blockouts

/** The most blockouts one list shows: current and coming ones, soonest first. */
const BLOCKOUTS_SHOWN = 200;

export async function listBlockouts(db: Executor, userId: string, today: string): Promise<BlockoutList> {
  const rows = await db
    .select({ id: blockouts.id, startsOn: blockouts.startsOn, endsOn: blockouts.endsOn, reason: blockouts.reason })
    .from(blockouts)
    .where(and(eq(blockouts.userId, userId), gte(blockouts.endsOn, today)))
    .orderBy(asc(blockouts.startsOn), asc(blockouts.id))
    .limit(BLOCKOUTS_SHOWN);
  return { items: rows };
}

export async function addBlockout(ctx: AppContext, userId: string, body: z.output<typeof blockoutBody>): Promise<BlockoutList> {
  const today = todayIn(ctx.config.churchTimeZone);
  const endsOn = body.endsOn ?? body.startsOn;
  const problem = blockoutProblem(body.startsOn, endsOn, today);
  if (problem) throw ruleBroken(problem, { endsOn: problem });
  return inTransaction(ctx, async (tx, events) => {
    await tx.insert(blockouts).values({ userId, startsOn: body.startsOn, endsOn, reason: body.reason });
    events.push({ topic: 'schedule', audience: { minRole: 'coordinator' } });
    return listBlockouts(tx, userId, today);
  });
}

export async function removeBlockout(ctx: AppContext, userId: string, id: string): Promise<BlockoutList> {
  return inTransaction(ctx, async (tx, events) => {
    const gone = await tx
      .delete(blockouts)
      .where(and(eq(blockouts.id, id), eq(blockouts.userId, userId)))
      .returning({ id: blockouts.id });
    if (gone.length === 0) throw notFound(PEOPLE_MESSAGES.blockoutNotFound);
    events.push({ topic: 'schedule', audience: { minRole: 'coordinator' } });
    return listBlockouts(tx, userId, todayIn(ctx.config.churchTimeZone));
  });
}

// ---------------------------------------------------------------- availability

const ROLES = literalList(ASSIGNABLE_ROLES);

interface AvailabilityRow {
  id: string;
  full_name: string;
  role: string;
  b_starts: string | null;
  b_ends: string | null;
  b_reason: string | null;
  declined: boolean;
  week_load: number;
  target_assignee: string | null;
  target_role: string | null;
}

/**
 * Everyone who can be given work, as a picker shows them for one day, in ONE statement: the
 * blockout covering the day (blockouts_ends_idx), whether they declined work of that day, and their
 * open assignments that week (the week's Sunday plans by sunday_plans_date_idx, request tasks by
 * request_items_open_due_idx), with the assignment asked about (its person and their role) for
 * the replacements.
 */
export async function availability(db: Executor, date: string, target?: { kind: AnswerableKind; id: string }): Promise<AvailabilityAnswer> {
  const week = loadWeekOf(date);
  const targetSql = !target
    ? sql`select null::uuid as id`
    : target.kind === 'task'
      ? sql`select assigned_to_id as id from sunday_plan_items where id = ${target.id}`
      : sql`select assignee_id as id from request_items where id = ${target.id}`;
  const rows = rowsOf<AvailabilityRow>(
    await db.execute(sql`
      with blocked as (
        select distinct on (user_id) user_id, starts_on::text, ends_on::text, reason
        from blockouts where ends_on >= ${date}::date and starts_on <= ${date}::date
        order by user_id, starts_on
      ), declined as (
        select i.assigned_to_id as user_id from sunday_plans p join sunday_plan_items i on i.sunday_plan_id = p.id
        where p.sunday_date = ${date}::date and i.response = 'declined' and i.assigned_to_id is not null
        union
        select assignee_id from request_items where due_date = ${date}::date and response = 'declined' and assignee_id is not null
      ), load as (
        select i.assigned_to_id as user_id, count(*)::int as n
        from sunday_plans p join sunday_plan_items i on i.sunday_plan_id = p.id
        where p.sunday_date between ${week.from}::date and ${week.to}::date
          and not i.is_complete and i.assigned_to_id is not null and i.response <> 'declined'
        group by 1
        union all
        select r.assignee_id, count(*)::int
        from request_items r
        where r.due_date between ${week.from}::date and ${week.to}::date and ${sql.raw(liveItemSql('r'))} and ${sql.raw(openItemSql('r'))}
          and r.assignee_id is not null and r.response <> 'declined'
        group by 1
      ), target as (${targetSql})
      select u.id, u.full_name, u.role, b.starts_on as b_starts, b.ends_on as b_ends, b.reason as b_reason,
             exists (select 1 from declined d where d.user_id = u.id) as declined,
             coalesce((select sum(l.n) from load l where l.user_id = u.id), 0)::int as week_load,
             (select t.id from target t) as target_assignee,
             (select tu.role from target t join users tu on tu.id = t.id) as target_role
      from users u left join blocked b on b.user_id = u.id
      where u.active and u.role in (${ROLES})
      order by u.full_name, u.id`),
  );
  const people: Availability[] = rows.map((r) => ({
    id: r.id,
    fullName: r.full_name,
    role: r.role,
    blockout: r.b_starts && r.b_ends ? { startsOn: r.b_starts, endsOn: r.b_ends, reason: r.b_reason } : null,
    declined: r.declined,
    weekLoad: Number(r.week_load),
  }));
  const first = rows[0];
  const suggestions = target
    ? suggestReplacements(people, first?.target_role ?? null, first?.target_assignee ?? null).map((p) => p.id)
    : [];
  return { date, people, suggestions };
}

// ---------------------------------------------------------------- the schedule

type SchedulePart = WindowPart | 'people' | 'blockouts';

/**
 * The schedule of `weeks` Sundays from `from` (default: the next ones) in ONE statement: the
 * window of Sundays as the Sunday plan shows it (saved tasks and the recurring tasks not saved
 * yet), everyone who can be given work, and the blockouts touching those Sundays.
 */
export async function schedule(db: Executor, timeZone: string, from: string | undefined, weeks: number): Promise<Schedule> {
  if (from && !isSunday(from)) throw badRequest(SUNDAY_MESSAGES.notSunday);
  const [next] = upcomingSundays(timeZone, 1);
  const first = from ?? next;
  const dates = Array.from({ length: weeks }, (_, i) => addDaysIso(first, i * 7));
  const last = dates[dates.length - 1];
  const values = await selectJson<SchedulePart>(db, {
    ...windowJson(dates),
    people: sql`(select coalesce(json_agg(json_build_object('id', u.id, 'fullName', u.full_name, 'role', u.role)
        order by u.full_name, u.id), '[]'::json) from users u where u.active and u.role in (${ROLES}))`,
    blockouts: sql`(select coalesce(json_agg(json_build_object('id', b.id, 'userId', b.user_id, 'startsOn', b.starts_on,
        'endsOn', b.ends_on, 'reason', b.reason) order by b.starts_on, b.id), '[]'::json)
      from blockouts b where b.ends_on >= ${first}::date and b.starts_on <= ${last}::date)`,
  });
  const w = windowFrom(dates, values);
  const tasks: ScheduleTask[] = [];
  for (const date of dates) {
    const isLocked = lockOf(w, date).isLocked;
    for (const runway of w.runways) {
      for (const item of groupItems(w, date, runway.id)) {
        tasks.push({
          id: item.id,
          sundayDate: date,
          runwayId: runway.id,
          runwayName: runway.name,
          runwayCode: runway.code,
          taskName: item.taskName,
          assigneeId: item.assignee?.id ?? null,
          isComplete: item.isComplete,
          isLocked,
          response: item.response,
          responseReason: item.responseReason,
        });
      }
    }
  }
  const lastShown = addDaysIso(next, (SCHEDULE_MAX_WEEKS - 1) * 7);
  return {
    sundays: dates,
    people: values.people as Schedule['people'],
    tasks,
    blockouts: values.blockouts as Schedule['blockouts'],
    canShowMore: last < lastShown,
  };
}

/**
 * Gives one task of one Sunday's runway to a person from the schedule (guide/sunday-planning.md#the-schedule):
 * a saved task or a recurring task not saved yet (found by its name on the plan, the plan's own
 * key), through the Sunday's door (lock, version), refused onto a blockout unless confirmed, and
 * told to its person as any save.
 */
export async function assignFromSchedule(
  ctx: AppContext,
  user: SessionUser,
  body: z.output<typeof scheduleAssignBody>,
): Promise<ScheduleTask> {
  return inTransaction(ctx, async (tx, events) => {
    const [runway] = await tx
      .select({ id: runways.id, name: runways.name, code: runways.code, archivedAt: runways.archivedAt })
      .from(runways)
      .where(eq(runways.id, body.runwayId));
    if (!runway || runway.archivedAt) throw notFound(SUNDAYS_MESSAGES.taskNotOnPlan);
    const current = await lockSundayPlan(tx, body.sundayDate, runway.id);
    const plan = await openSundayForEdit(tx, user, body.sundayDate, runway.id, current.version);
    const person = await assignableOrThrow(tx, body.assigneeId);
    const [existing] = await tx
      .select({ id: sundayPlanItems.id, assignedToId: sundayPlanItems.assignedToId })
      .from(sundayPlanItems)
      .where(and(eq(sundayPlanItems.sundayPlanId, plan.id), eq(sundayPlanItems.taskName, body.taskName)));
    const [task] = existing
      ? []
      : await tx
          .select({ id: runwayItems.id, kind: runwayItems.kind, daysBefore: runwayItems.daysBefore })
          .from(runwayItems)
          .where(and(eq(runwayItems.runwayId, runway.id), eq(runwayItems.title, body.taskName), sql`${runwayItems.archivedAt} is null`));
    if (!existing && !task) throw notFound(SUNDAYS_MESSAGES.taskNotOnPlan);
    if (existing?.assignedToId !== person.id) {
      await refuseBlockedOut(tx, [{ assigneeId: person.id, date: body.sundayDate }], body.confirmBlockout);
    }
    const [saved] = existing
      ? await tx.update(sundayPlanItems).set({ assignedToId: person.id }).where(eq(sundayPlanItems.id, existing.id)).returning()
      : await tx
          .insert(sundayPlanItems)
          .values({
            sundayPlanId: plan.id,
            taskName: body.taskName,
            assignedToId: person.id,
            runwayItemId: task.id,
            kind: task.kind,
            dueDate: taskDueDate(body.sundayDate, task.daysBefore),
          })
          .returning();
    await tellSundayAssignees(
      tx,
      events,
      user.id,
      [
        {
          kind: 'task',
          id: saved.id,
          sundayDate: body.sundayDate,
          label: saved.taskName,
          assigneeId: person.id,
          before: existing?.assignedToId,
        },
      ],
      ctx.config.appOrigin,
    );
    const [after] = await tx
      .select({ response: sundayPlanItems.response, responseReason: sundayPlanItems.responseReason })
      .from(sundayPlanItems)
      .where(eq(sundayPlanItems.id, saved.id));
    events.push({ topic: 'sundays', id: body.sundayDate, audience: { minRole: 'coordinator' } });
    return {
      id: saved.id,
      sundayDate: body.sundayDate,
      runwayId: runway.id,
      runwayName: runway.name,
      runwayCode: runway.code,
      taskName: saved.taskName,
      assigneeId: person.id,
      isComplete: saved.isComplete,
      isLocked: false,
      response: after.response as ScheduleTask['response'],
      responseReason: after.responseReason,
    };
  });
}
