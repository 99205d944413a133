import { sql, type SQL } from 'drizzle-orm';
import type { SundayWorkKind } from '../../shared/domain/sunday-work';
import { POST_OPEN_STATUSES, VIDEO_OPEN_STATUSES } from '../../shared/domain/sunday-work';
import type { AssignmentResponse } from '../../shared/domain/people-on-sundays';
import { rowsOf, type Executor } from '../platform/db/client';
import { executeNamed } from '../platform/db/prepared';
import { badRequest } from '../platform/errors';
import { literal, literalList } from './sql-lists';

/**
 * A person's open Sunday work (decision 0058): the plan items assigned to them, the videos, the
 * weekly slides and the social posts they own that are not finished, each with its Sunday and its due date. My Tasks,
 * the task calendar, the personal calendar feed and the reminders read it. Each branch starts from
 * the person's own rows on its partial index (`*_open_*_idx`, migration of decision 0058), so the
 * statement reads only that person's unfinished work whatever the church's size.
 */
export interface SundayWorkRow {
  kind: SundayWorkKind;
  id: string;
  assignee_id: string;
  sunday_date: string;
  due_date: string;
  title: string;
  status: string;
  /** The runway of a plan item; null for videos, slides and posts (the media runway's editors). */
  runway_code: string | null;
  runway_name: string | null;
  /** Its person's answer (guide/sunday-planning.md#answering-an-assignment); null for a slide. */
  response: AssignmentResponse | null;
  response_reason: string | null;
}

/**
 * The due date of a piece of Sunday work, in SQL: the Sunday. The twin of `sundayWorkDue`
 * (shared/domain/sunday-work.ts). A plan task made from a recurring task carries its own due date
 * (the Sunday less the task's days-before, decision 0055), which wins over this.
 */
export const sundayWorkDueSql = (sundayDate: SQL): SQL => sql`${sundayDate}`;

/** A cursor of the list's order: '<due date>|<kind>|<id>' of the last row of the previous page. */
export interface SundayWorkCursor {
  due: string;
  kind: SundayWorkKind;
  id: string;
}

const CURSOR = /^(\d{4}-\d{2}-\d{2})\|(task|video|slide|post)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

export function parseSundayWorkCursor(raw: string | null | undefined): SundayWorkCursor | null {
  if (!raw) return null;
  const m = CURSOR.exec(raw);
  if (!m || Number.isNaN(Date.parse(`${m[1]}T00:00:00Z`))) throw badRequest('Invalid cursor.', { cursor: 'Invalid cursor.' });
  return { due: m[1], kind: m[2] as SundayWorkKind, id: m[3].toLowerCase() };
}

export const sundayWorkCursorOf = (r: Pick<SundayWorkRow, 'due_date' | 'kind' | 'id'>) => `${r.due_date}|${r.kind}|${r.id}`;

export interface SundayWorkQuery {
  /** Due on or after / before (the calendar's grid, the feed's window, the reminders' days). */
  from?: string;
  to?: string;
  cursor?: SundayWorkCursor | null;
  limit: number;
}

/**
 * Open Sunday work as a row source (`from (${sundayWorkOf(person)}) as w`): columns kind, id,
 * assignee_id, sunday_date, due_date (text), title, status, runway_code, runway_name, response, response_reason. One person's
 * (`person`, a uuid expression), or everyone's assigned work when null (the reminders), each on
 * the same partial indexes.
 */
export function sundayWorkOf(person: SQL | null): SQL {
  const planDue = sundayWorkDueSql(sql`p.sunday_date`);
  const whose = (column: SQL) => (person ? sql`${column} = ${person} and ${column} is not null` : sql`${column} is not null`);
  return sql`
    select 'task' as kind, i.id, i.assigned_to_id as assignee_id, p.sunday_date::text as sunday_date,
           coalesce(i.due_date, ${planDue})::text as due_date, i.task_name as title, 'open' as status, r.code as runway_code, r.name as runway_name,
           i.response, i.response_reason
    from sunday_plan_items i
    join sunday_plans p on p.id = i.sunday_plan_id
    join runways r on r.id = p.runway_id
    where ${whose(sql`i.assigned_to_id`)} and not i.is_complete
    union all
    select 'video', v.id, v.owner_id, p.sunday_date::text, (${planDue})::text, v.title, v.status, null, null, v.response, v.response_reason
    from sunday_video_items v
    join sunday_plans p on p.id = v.sunday_id
    where ${whose(sql`v.owner_id`)} and v.status in (${literalList(VIDEO_OPEN_STATUSES)})
    union all
    select 'slide', sl.id, sl.owner_id, p.sunday_date::text, (${planDue})::text, sl.title, 'open', null, null, null, null
    from slides sl
    join sunday_plans p on p.id = sl.sunday_id
    where ${whose(sql`sl.owner_id`)} and not sl.is_complete
    union all
    select 'post', s.id, s.owner_id, p.sunday_date::text, (${planDue})::text, s.platform || ' ' || s.post_type, s.status, null, null, s.response, s.response_reason
    from social_media_posts s
    join sunday_plans p on p.id = s.sunday_id
    where ${whose(sql`s.owner_id`)} and s.status in (${literalList(POST_OPEN_STATUSES)})`;
}

/** One page of a person's open Sunday work, soonest due first: `limit + 1` rows tell a next page. */
export async function personSundayWork(db: Executor, userId: string, q: SundayWorkQuery): Promise<SundayWorkRow[]> {
  const conditions: SQL[] = [sql`true`];
  if (q.from) conditions.push(sql`w.due_date >= ${q.from}`);
  if (q.to) conditions.push(sql`w.due_date <= ${q.to}`);
  if (q.cursor) conditions.push(sql`(w.due_date, w.kind, w.id::text) > (${q.cursor.due}, ${q.cursor.kind}, ${q.cursor.id})`);
  const statement = sql`
    select w.* from (${sundayWorkOf(sql`${userId}::uuid`)}) as w
    where ${sql.join(conditions, sql` and `)}
    order by w.due_date, w.kind, w.id
    limit ${literal(q.limit + 1)}`;
  return rowsOf<SundayWorkRow>(await executeNamed(db, statement));
}
