import { and, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { formatDueDate } from '../../shared/domain/tasks';
import {
  blockoutCovers,
  BLOCKED_OUT_CODE,
  PEOPLE_MESSAGES,
  type AnswerableKind,
  type SundayAnswerableKind,
} from '../../shared/domain/people-on-sundays';
import type { Executor } from '../platform/db/client';
import { blockouts, users } from '../platform/db/schema';
import { AppError } from '../platform/errors';
import { getSetting } from '../platform/settings';
import { assignmentLinkSecret, respondUrl, signAssignmentLink } from './assignment-links';

/**
 * Steps every assigning use case runs in its transaction (guide/sunday-planning.md#answering-an-assignment,
 * #blockout-dates): refusing work on a day its person is blocked out unless the coordinator
 * confirmed, taking one's own assignment as accepted, and the answer link of the assignment e-mail.
 */

export interface Wanted {
  assigneeId: string;
  /** The day the work is for: its Sunday, or a request task's due date (none: nothing to check). */
  date: string | null;
}

/**
 * 409 `blocked_out` naming the first person blocked out on the day of their new work, unless the
 * request says the coordinator confirmed. One statement for all of them.
 */
export async function refuseBlockedOut(tx: Executor, wanted: Wanted[], confirmed: boolean): Promise<void> {
  const dated = wanted.filter((w): w is { assigneeId: string; date: string } => !!w.date);
  if (confirmed || dated.length === 0) return;
  const dates = dated.map((w) => w.date).sort();
  const rows = await tx
    .select({ userId: blockouts.userId, startsOn: blockouts.startsOn, endsOn: blockouts.endsOn, fullName: users.fullName })
    .from(blockouts)
    .innerJoin(users, sql`${users.id} = ${blockouts.userId}`)
    .where(
      and(
        inArray(blockouts.userId, [...new Set(dated.map((w) => w.assigneeId))]),
        lte(blockouts.startsOn, dates[dates.length - 1]),
        gte(blockouts.endsOn, dates[0]),
      ),
    );
  for (const w of dated) {
    const hit = rows.find((r) => r.userId === w.assigneeId && blockoutCovers(r, w.date));
    if (hit) {
      const message = PEOPLE_MESSAGES.blockedOut(hit.fullName, formatDueDate(w.date));
      throw new AppError(409, BLOCKED_OUT_CODE, message, { assigneeId: message });
    }
  }
}

/**
 * refuseBlockedOut for the people a save newly puts on a Sunday's work (`before` is who held it):
 * someone already on it may stay without being asked again.
 */
export function refuseNewlyBlockedOut(
  tx: Executor,
  date: string,
  roles: Array<{ assigneeId: string | null; before: string | null | undefined }>,
  confirmed: boolean,
): Promise<void> {
  const added = roles.filter((r) => r.assigneeId && r.assigneeId !== r.before).map((r) => ({ assigneeId: r.assigneeId!, date }));
  return refuseBlockedOut(tx, added, confirmed);
}

/**
 * Where each kind's answer lives (migration `sunday_media_answers`, whose one trigger function is
 * told the same columns): the table, the column an id names (a sermon role: the Sunday's service
 * plan), the Sunday plan it hangs on (none for a request's task), its person and the answer's
 * three columns. Every read and write of an answer goes through it.
 */
export interface AnswerPlace {
  table: string;
  key: string;
  /** The column naming the row's `sunday_plans` row; null for a request's task. */
  sunday: string | null;
  assignee: string;
  response: string;
  reason: string;
  at: string;
  /** What a Sunday kind's row is called (on alias `x`); a request's task names itself by its request. */
  label: string | null;
}

const plain = { response: 'response', reason: 'response_reason', at: 'responded_at' };
const sermonRole = (prefix: string) => ({
  response: `${prefix}_response`,
  reason: `${prefix}_response_reason`,
  at: `${prefix}_responded_at`,
});

export const ANSWER_PLACES: Record<AnswerableKind, AnswerPlace> = {
  task: { table: 'sunday_plan_items', key: 'id', sunday: 'sunday_plan_id', assignee: 'assigned_to_id', ...plain, label: 'x.task_name' },
  item: { table: 'request_items', key: 'id', sunday: null, assignee: 'assignee_id', ...plain, label: null },
  video: { table: 'sunday_video_items', key: 'id', sunday: 'sunday_id', assignee: 'owner_id', ...plain, label: 'x.title' },
  post: {
    table: 'social_media_posts',
    key: 'id',
    sunday: 'sunday_id',
    assignee: 'owner_id',
    ...plain,
    label: "x.platform || ' ' || x.post_type",
  },
  sermon_pastor: {
    table: 'sermon_details',
    key: 'sunday_id',
    sunday: 'sunday_id',
    assignee: 'teaching_pastor_id',
    ...sermonRole('pastor'),
    label: "coalesce(x.sermon_title, 'Sermon')",
  },
  sermon_owner: {
    table: 'sermon_details',
    key: 'sunday_id',
    sunday: 'sunday_id',
    assignee: 'owner_id',
    ...sermonRole('owner'),
    label: "coalesce(x.sermon_title, 'Sermon')",
  },
};

/**
 * The assigned Sunday work of the given kinds as one row source (`union all`), each kind on its
 * Sunday plans of the dates `onDates` selects (alias `p`): columns kind, id, sunday_date (text),
 * title, assignee_id, response, response_reason. With `open`, the rows no one is assigned yet come
 * too (assignee_id null): the slots a coordinator may still fill.
 */
export function sundayAnswersOf(kinds: readonly SundayAnswerableKind[], onDates: SQL, { open = false } = {}): SQL {
  return sql.join(
    kinds.map(
      (kind) => sql`select ${sql.raw(`'${kind}'`)}::text as kind, ${answerCol(kind, 'key')} as id, p.sunday_date::text as sunday_date,
        ${sql.raw(ANSWER_PLACES[kind].label!)} as title, ${answerCol(kind, 'assignee')} as assignee_id,
        ${answerCol(kind, 'response')} as response, ${answerCol(kind, 'reason')} as response_reason
      from sunday_plans p join ${sql.raw(`"${ANSWER_PLACES[kind].table}"`)} x on ${answerCol(kind, 'sunday')} = p.id
      where ${onDates}${open ? sql`` : sql` and ${answerCol(kind, 'assignee')} is not null`}`,
    ),
    sql` union all `,
  );
}

/** A column of a kind's row (alias `x`), e.g. `col('video', 'assignee')` is `x."owner_id"`. */
export const answerCol = (kind: AnswerableKind, column: keyof AnswerPlace, alias = 'x'): SQL =>
  sql.raw(`${alias}."${ANSWER_PLACES[kind][column]}"`);

/** Writes an answer on the rows of one kind (a decline keeps its reason; anything else drops it). */
export async function writeAnswer(
  tx: Executor,
  kind: AnswerableKind,
  ids: string[],
  response: 'accepted' | 'declined',
  reason: string | null,
): Promise<void> {
  if (ids.length === 0) return;
  const p = ANSWER_PLACES[kind];
  await tx.execute(sql`
    update ${sql.raw(`"${p.table}"`)} as x
    set ${sql.raw(`"${p.response}"`)} = ${response}, ${sql.raw(`"${p.reason}"`)} = ${response === 'declined' ? reason : null},
        ${sql.raw(`"${p.at}"`)} = now()
    where ${answerCol(kind, 'key')} in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
}

/** Work a person gives themselves needs no answer: it stands accepted. */
export async function acceptOwn(tx: Executor, kind: AnswerableKind, ids: string[]): Promise<void> {
  await writeAnswer(tx, kind, ids, 'accepted', null);
}

/** Whether new assignments wait for an answer (the church has not chosen to assign without asking). */
export async function assignmentsAsk(tx: Executor): Promise<boolean> {
  return !(await getSetting(tx, 'assignWithoutAsking'));
}

/** The answer page's signed link for one person's assignment. */
export async function answerLink(tx: Executor, origin: string, kind: AnswerableKind, id: string, userId: string): Promise<string> {
  return respondUrl(origin, signAssignmentLink(await assignmentLinkSecret(tx), { kind, id, userId }));
}
