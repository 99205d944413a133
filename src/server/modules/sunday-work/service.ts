import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  SUNDAY_WORK_MESSAGES,
  SUNDAY_WORK_PAGE_SIZE,
  type postStatusBody,
  type SundayWorkResponse,
  type SundayWorkSaved,
  type videoStatusBody,
} from '../../../shared/api/sunday-work';
import { SUNDAY_MESSAGES } from '../../../shared/domain/planning';
import { sundayWorkPath, type SundayWorkKind } from '../../../shared/domain/sunday-work';
import { lockSundayPlan, sundayIsLocked } from '../../commands/sunday-edit';
import type { SessionUser } from '../../platform/auth/sessions';
import { inTransaction, type AppContext } from '../../platform/context';
import { rowsOf, type Executor, type Tx } from '../../platform/db/client';
import { slides, socialMediaPosts, sundayPlanItems, sundayPlans, sundayVideoItems } from '../../platform/db/schema';
import type { AppEvent } from '../../platform/events/bus';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { personSundayWork, sundayWorkCursorOf, type SundayWorkCursor } from '../../queries/sunday-work';
import { sundayWorkPolicy } from './policy';

type Actor = Pick<SessionUser, 'id' | 'role'>;

/** Sunday plans and media are the 'sundays' topic (coordinators' editors refetch); the person's own lists are 'tasks'. */
const changed = (date: string, assigneeId: string | null): AppEvent[] => [
  { topic: 'sundays', id: date, audience: { minRole: 'coordinator' } },
  ...(assigneeId ? [{ topic: 'tasks', audience: { userIds: [assigneeId] } } satisfies AppEvent] : []),
];

/** The person's open Sunday work, soonest due first, a page at a time (one statement). */
export async function listSundayWork(db: Executor, user: Actor, cursor: SundayWorkCursor | null): Promise<SundayWorkResponse> {
  const rows = await personSundayWork(db, user.id, { cursor, limit: SUNDAY_WORK_PAGE_SIZE });
  const page = rows.slice(0, SUNDAY_WORK_PAGE_SIZE);
  return {
    items: page.map((r) => ({
      kind: r.kind,
      id: r.id,
      sundayDate: r.sunday_date,
      dueDate: r.due_date,
      title: r.title,
      status: r.status,
      runwayCode: r.runway_code,
      runwayName: r.runway_name,
      response: r.response,
      responseReason: r.response_reason,
      path: sundayWorkPath(r.sunday_date, r.kind, r.id),
    })),
    nextCursor: rows.length > SUNDAY_WORK_PAGE_SIZE ? sundayWorkCursorOf(page[page.length - 1]) : null,
  };
}

const TABLES = {
  task: { sql: sql`sunday_plan_items w`, plan: sql`w.sunday_plan_id`, assignee: sql`w.assigned_to_id` },
  video: { sql: sql`sunday_video_items w`, plan: sql`w.sunday_id`, assignee: sql`w.owner_id` },
  // Weekly slides only: a recurring slide has no Sunday (the join finds none) and no owner.
  slide: { sql: sql`slides w`, plan: sql`w.sunday_id`, assignee: sql`w.owner_id` },
  post: { sql: sql`social_media_posts w`, plan: sql`w.sunday_id`, assignee: sql`w.owner_id` },
} as const;

interface Loaded {
  assigneeId: string | null;
  sundayDate: string;
  runwayId: string | null;
}

/**
 * The door of a person's change to their Sunday work, inside its transaction: the row (404 when
 * gone), then the plan it hangs on locked as every Sunday write does (`lockSundayPlan`), then the
 * rule: someone else's work is 403, a locked Sunday 422 'sunday_locked' for all but admins. The
 * plan's version goes up, so an editor open on the old plan is told to reload instead of
 * overwriting the change.
 */
async function openOwnWork(tx: Tx, user: Actor, kind: SundayWorkKind, id: string): Promise<Loaded & { version: number }> {
  const t = TABLES[kind];
  const read = async () => {
    const [row] = rowsOf<{ assignee_id: string | null; sunday_date: string; runway_id: string | null }>(
      await tx.execute(sql`
        select ${t.assignee} as assignee_id, p.sunday_date::text as sunday_date, p.runway_id
        from ${t.sql} join sunday_plans p on p.id = ${t.plan}
        where w.id = ${id}`),
    );
    if (!row) throw notFound(SUNDAY_WORK_MESSAGES.notFound);
    return row;
  };
  const found = await read();
  const plan = await lockSundayPlan(tx, found.sunday_date, found.runway_id);
  // Read again under the plan's lock: a save that reassigned or deleted it in between has committed.
  const row = await read();
  const facts = { assigneeId: row.assignee_id, isLocked: false };
  if (!sundayWorkPolicy.own.allows(user, facts)) throw forbidden(SUNDAY_WORK_MESSAGES.notYours);
  facts.isLocked = await sundayIsLocked(tx, row.sunday_date);
  if (!sundayWorkPolicy.complete.allows(user, facts)) throw new AppError(422, 'sunday_locked', SUNDAY_MESSAGES.locked);
  const [bumped] = await tx
    .update(sundayPlans)
    .set({ version: sql`${sundayPlans.version} + 1` })
    .where(eq(sundayPlans.id, plan.id))
    .returning({ version: sundayPlans.version });
  return { assigneeId: row.assignee_id, sundayDate: row.sunday_date, runwayId: row.runway_id, version: bumped.version };
}

export async function completeSundayTask(ctx: AppContext, user: Actor, id: string, isComplete: boolean): Promise<SundayWorkSaved> {
  return inTransaction(ctx, async (tx, events) => {
    const work = await openOwnWork(tx, user, 'task', id);
    await tx.update(sundayPlanItems).set({ isComplete }).where(eq(sundayPlanItems.id, id));
    events.push(...changed(work.sundayDate, work.assigneeId));
    return { id, sundayDate: work.sundayDate, version: work.version };
  });
}

export async function completeSundaySlide(ctx: AppContext, user: Actor, id: string, isComplete: boolean): Promise<SundayWorkSaved> {
  return inTransaction(ctx, async (tx, events) => {
    const work = await openOwnWork(tx, user, 'slide', id);
    await tx.update(slides).set({ isComplete }).where(eq(slides.id, id));
    events.push(...changed(work.sundayDate, work.assigneeId));
    return { id, sundayDate: work.sundayDate, version: work.version };
  });
}

export async function setVideoStatus(
  ctx: AppContext,
  user: Actor,
  id: string,
  status: z.output<typeof videoStatusBody>['status'],
): Promise<SundayWorkSaved> {
  return inTransaction(ctx, async (tx, events) => {
    const work = await openOwnWork(tx, user, 'video', id);
    await tx.update(sundayVideoItems).set({ status }).where(eq(sundayVideoItems.id, id));
    events.push(...changed(work.sundayDate, work.assigneeId));
    return { id, sundayDate: work.sundayDate, version: work.version };
  });
}

export async function setPostStatus(
  ctx: AppContext,
  user: Actor,
  id: string,
  status: z.output<typeof postStatusBody>['status'],
): Promise<SundayWorkSaved> {
  return inTransaction(ctx, async (tx, events) => {
    const work = await openOwnWork(tx, user, 'post', id);
    await tx.update(socialMediaPosts).set({ status }).where(eq(socialMediaPosts.id, id));
    events.push(...changed(work.sundayDate, work.assigneeId));
    return { id, sundayDate: work.sundayDate, version: work.version };
  });
}
