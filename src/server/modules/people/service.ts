import { and, asc, eq, gte, sql, type SQL } from 'drizzle-orm';
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
  SUNDAY_ANSWERABLE_KINDS,
  SUNDAY_ROLE_KINDS,
  type AnswerableKind,
  type Availability,
} from '../../../shared/domain/people-on-sundays';
import { taskDueDate } from '../../../shared/domain/runway-setup';
import { SCHEDULE_MAX_WEEKS } from '../../../shared/api/people';
import { ASSIGNABLE_ROLES, assignableOrThrow } from '../../commands/assignment';
import { refuseBlockedOut, sundayAnswersOf } from '../../commands/assignment-answer';
import { openSundayForEdit, lockSundayPlan } from '../../commands/sunday-edit';
import { tellSundayAssignees } from '../../commands/sunday-assignment';
import type { SessionUser } from '../../platform/auth/sessions';
import { inTransaction, type AppContext } from '../../platform/context';
import { rowsOf, type Executor } from '../../platform/db/client';
import { buildJsonSelect, parsedJson, selectBuiltJson, selectJson } from '../../platform/db/json-select';
import { executeNamed, keptByKey, type BuiltStatement } from '../../platform/db/prepared';
import { liveItemSql, openItemSql } from '../../platform/db/predicates';
import { blockouts, runwayItems, runways, sundayPlanItems } from '../../platform/db/schema';
import { badRequest, notFound, ruleBroken } from '../../platform/errors';
import { groupItems, lockOf, windowFrom, windowJson, type WindowPart } from '../../queries/sunday-readiness';
import { literalDate, literalList } from '../../queries/sql-lists';

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

interface AvailabilityJson {
  people: Array<{
    id: string;
    fullName: string;
    role: string;
    blockout: Availability['blockout'];
    declined: boolean;
    weekLoad: number;
  }> | null;
  /** The day's assignments whose person declined or is blocked out, with that person's role. */
  wanted: Array<{ kind: AnswerableKind; id: string; assigneeId: string; role: string | null }> | null;
}

/** The day's assignments of every kind: Sunday work of the Sunday on that date, request tasks due that day. */
function assignmentsOf(date: string): SQL {
  return sql`select kind, id, assignee_id, response from (${sundayAnswersOf(SUNDAY_ANSWERABLE_KINDS, sql`p.sunday_date = ${date}::date`)}) s
    union all
    select 'item', x.id, x.assignee_id, x.response from request_items x
    where x.due_date = ${date}::date and ${sql.raw(liveItemSql('x'))} and ${sql.raw(openItemSql('x'))} and x.assignee_id is not null`;
}

/**
 * Everyone who can be given work, as a picker shows them for one day, and the replacements for
 * every assignment of that day whose person declined it or is blocked out, in ONE statement
 * whatever the number of such assignments: the blockout covering the day (blockouts_ends_idx),
 * the day's assignments of every kind (the day's Sunday plans by sunday_plans_date_idx, request
 * tasks by request_items_open_due_idx), whether each person declined any of them, and their open
 * assignments that week. The pure `suggestReplacements` then picks each one's replacements.
 */
export async function availability(db: Executor, date: string): Promise<AvailabilityAnswer> {
  const week = loadWeekOf(date);
  // Named (decision 0040): its text is the same for every date, and planning it took as long as running it.
  const [row] = rowsOf<{ value: AvailabilityJson | string }>(
    await executeNamed(
      db,
      sql`
      with blocked as (
        select distinct on (user_id) user_id, starts_on::text, ends_on::text, reason
        from blockouts where ends_on >= ${date}::date and starts_on <= ${date}::date
        order by user_id, starts_on
      ), day as (${assignmentsOf(date)}
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
      ), people as (
        select u.id, u.full_name, u.role, b.starts_on, b.ends_on, b.reason,
               exists (select 1 from day d where d.assignee_id = u.id and d.response = 'declined') as declined,
               coalesce((select sum(l.n) from load l where l.user_id = u.id), 0)::int as week_load
        from users u left join blocked b on b.user_id = u.id
        where u.active and u.role in (${ROLES})
      )
      select json_build_object(
        'people', (select json_agg(json_build_object('id', e.id, 'fullName', e.full_name, 'role', e.role,
            'blockout', case when e.starts_on is null then null
              else json_build_object('startsOn', e.starts_on, 'endsOn', e.ends_on, 'reason', e.reason) end,
            'declined', e.declined, 'weekLoad', e.week_load) order by e.full_name, e.id) from people e),
        'wanted', (select json_agg(json_build_object('kind', d.kind, 'id', d.id, 'assigneeId', d.assignee_id, 'role', u.role)
            order by d.kind, d.id)
          from day d left join users u on u.id = d.assignee_id
          where d.response = 'declined' or exists (select 1 from blocked b where b.user_id = d.assignee_id))
      ) as value`,
    ),
  );
  const value = parsedJson(row.value);
  const people: Availability[] = value.people ?? [];
  const replacements = (value.wanted ?? []).map((w) => ({
    kind: w.kind,
    id: w.id,
    assigneeId: w.assigneeId,
    suggestions: suggestReplacements(people, w.role, w.assigneeId).map((p) => p.id),
  }));
  return { date, people, replacements, openSuggestions: suggestReplacements(people, null, null).map((p) => p.id) };
}

// ---------------------------------------------------------------- the schedule

type SchedulePart = WindowPart | 'people' | 'blockouts' | 'work';

/** The schedule's lists over `dates`: the window's, everyone who can be given work, the blockouts and the other Sunday work. */
function scheduleFields(dates: string[], datesInText: boolean): Record<SchedulePart, SQL> {
  const date = (d: string) => (datesInText ? literalDate(d) : sql`${d}::date`);
  const [first, last] = [date(dates[0]), date(dates[dates.length - 1])];
  return {
    ...windowJson(dates, { datesInText }),
    people: sql`(select coalesce(json_agg(json_build_object('id', u.id, 'fullName', u.full_name, 'role', u.role, 'isExternal', u.is_external)
        order by u.full_name, u.id), '[]'::json) from users u where u.active and u.role in (${ROLES}))`,
    blockouts: sql`(select coalesce(json_agg(json_build_object('id', b.id, 'userId', b.user_id, 'startsOn', b.starts_on,
        'endsOn', b.ends_on, 'reason', b.reason) order by b.starts_on, b.id), '[]'::json)
      from blockouts b where b.ends_on >= ${first} and b.starts_on <= ${last})`,
    work: sql`(select coalesce(json_agg(json_build_object('kind', w.kind, 'id', w.id, 'sundayDate', w.sunday_date, 'title', w.title,
        'assigneeId', w.assignee_id, 'response', w.response, 'responseReason', w.response_reason)
        order by w.sunday_date, w.kind, w.title, w.id), '[]'::json)
      from (${sundayAnswersOf(SUNDAY_ROLE_KINDS, sql`p.sunday_date between ${first} and ${last} and p.runway_id is null`, { open: true })}) w)`,
  };
}

/** The schedule of the next Sundays, built once for their dates and kept (the text names them). */
const scheduleStatement = keptByKey<{ db: Executor; dates: string[] }, BuiltStatement>(
  4,
  ({ dates }) => dates.join('|'),
  ({ db, dates }) => buildJsonSelect(db, scheduleFields(dates, true)),
);

/**
 * The schedule of `weeks` Sundays from `from` (default: the next ones) in ONE statement: the
 * window of Sundays as the Sunday plan shows it (saved tasks and the recurring tasks not saved
 * yet), the other assigned Sunday work of those Sundays (videos, posts, sermon roles) with their
 * answers, everyone who can be given work, and the blockouts touching those Sundays.
 */
export async function schedule(db: Executor, timeZone: string, from: string | undefined, weeks: number): Promise<Schedule> {
  if (from && !isSunday(from)) throw badRequest(SUNDAY_MESSAGES.notSunday);
  const [next] = upcomingSundays(timeZone, 1);
  const first = from ?? next;
  const dates = Array.from({ length: weeks }, (_, i) => addDaysIso(first, i * 7));
  // The next Sundays are the server's own dates: written into the text of a named statement kept
  // for the day (decisions 0040, 0042), as the runways dashboard's; Sundays asked for are bound.
  const values = from
    ? await selectJson<SchedulePart>(db, scheduleFields(dates, false))
    : await selectBuiltJson<SchedulePart>(db, scheduleStatement({ db, dates }));
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
    work: (values.work as Array<Omit<Schedule['work'][number], 'isLocked'>>).map((x) => ({
      ...x,
      isLocked: lockOf(w, x.sundayDate).isLocked,
    })),
    canShowMore: dates[dates.length - 1] < lastShown,
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
