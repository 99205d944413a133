import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AnswerResult, LinkAbout } from '../../../shared/api/people';
import { drawerPath } from '../../../shared/domain/drawer-path';
import { PEOPLE_MESSAGES, type AnswerableKind, type AssignmentResponse } from '../../../shared/domain/people-on-sundays';
import { SUNDAY_WORK_KIND_LABELS, sundayTitle, sundayWorkPath } from '../../../shared/domain/sunday-work';
import { ANSWER_PLACES, answerCol, writeAnswer } from '../../commands/assignment-answer';
import { formatDueDate } from '../../../shared/domain/tasks';
import { assignmentLinkSecret, verifyAssignmentLink } from '../../commands/assignment-links';
import { sendPreferenceEmail } from '../../commands/email-preferences';
import { createNotifications } from '../../commands/notify';
import { requestChanged } from '../../commands/request-changed';
import { inTransaction, type AppContext } from '../../platform/context';
import { rowsOf, type Tx } from '../../platform/db/client';
import { users } from '../../platform/db/schema';
import type { AppEvent } from '../../platform/events/bus';
import { AppError, forbidden, notFound } from '../../platform/errors';

/**
 * Answering an assignment (guide/sunday-planning.md#answering-an-assignment): only its person
 * accepts or declines, in the app or through the signed link of the e-mail; a decline tells the
 * coordinators (a notification and an e-mail as each chose) in the same transaction.
 */

interface Loaded {
  kind: AnswerableKind;
  id: string;
  assigneeId: string | null;
  response: AssignmentResponse;
  responseReason: string | null;
  title: string;
  /** The Sunday, or the task's due date. */
  date: string | null;
  requestId: string | null;
  coordinatorId: string | null;
}

async function load(tx: Tx, kind: AnswerableKind, id: string, lock: boolean): Promise<Loaded> {
  const forUpdate = lock ? sql`for update of x` : sql``;
  const answer = sql`${answerCol(kind, 'assignee')} as "assigneeId", ${answerCol(kind, 'response')} as response,
    ${answerCol(kind, 'reason')} as "responseReason"`;
  const rows =
    kind === 'item'
      ? rowsOf<Loaded>(
          await tx.execute(sql`
            select 'item' as kind, x.id, ${answer},
                   q.event_title || ': ' || coalesce(c.label, x.channel) as title, x.due_date::text as date,
                   q.id as "requestId", q.current_coordinator_id as "coordinatorId"
            from request_items x join requests q on q.id = x.request_id left join channels c on c.code = x.channel
            where x.id = ${id} and not x.request_archived ${forUpdate}`),
        )
      : rowsOf<Loaded>(
          await tx.execute(sql`
            select ${kind}::text as kind, ${answerCol(kind, 'key')} as id, ${answer}, ${sql.raw(ANSWER_PLACES[kind].label!)} ${kind === 'task' ? sql`|| coalesce(' (' || r.name || ')', '')` : sql``} as title,
                   p.sunday_date::text as date, null::uuid as "requestId", null::uuid as "coordinatorId"
            from ${sql.raw(`"${ANSWER_PLACES[kind].table}"`)} x join sunday_plans p on p.id = ${answerCol(kind, 'sunday')}
            left join runways r on r.id = p.runway_id
            where ${answerCol(kind, 'key')} = ${id} ${forUpdate}`),
        );
  const row = rows[0];
  if (!row) throw notFound(PEOPLE_MESSAGES.notFound);
  // A runway task reads as its name and runway; any other Sunday work says what it is.
  if (kind !== 'task' && kind !== 'item') row.title = `${SUNDAY_WORK_KIND_LABELS[kind]} "${row.title}"`;
  return row;
}

interface Answerer {
  id: string;
  fullName: string;
}

/** The answer itself, inside the caller's transaction: the person's own work only (403 otherwise). */
async function record(
  ctx: AppContext,
  tx: Tx,
  events: AppEvent[],
  person: Answerer,
  kind: AnswerableKind,
  id: string,
  response: 'accepted' | 'declined',
  reason: string | null,
): Promise<AnswerResult> {
  const row = await load(tx, kind, id, true);
  if (row.assigneeId !== person.id) throw forbidden(PEOPLE_MESSAGES.notYours);
  const kept = response === 'declined' ? reason : null;
  await writeAnswer(tx, kind, [id], response, kept);
  if (response === 'declined' && row.response !== 'declined') await tellCoordinators(ctx, tx, events, person, row, kept);
  events.push({ topic: 'tasks', audience: { userIds: [person.id] } });
  if (kind !== 'item' && row.date) events.push({ topic: 'sundays', id: row.date, audience: { minRole: 'coordinator' } });
  if (row.requestId) events.push(requestChanged(row.requestId, [person.id, row.coordinatorId]));
  return { kind, id, response, responseReason: kept };
}

/**
 * Whom a decline tells: a request's task, the request's coordinator; a Sunday task (or a request
 * without one), every active coordinator; admins when the church has no coordinator. Never the
 * person who declined.
 */
async function tellCoordinators(ctx: AppContext, tx: Tx, events: AppEvent[], person: Answerer, row: Loaded, reason: string | null) {
  const pick = (where: ReturnType<typeof and>) =>
    tx
      .select({ id: users.id, fullName: users.fullName, email: users.email })
      .from(users)
      .where(and(where, eq(users.active, true), eq(users.isExternal, false), ne(users.id, person.id)));
  let to = row.coordinatorId ? await pick(eq(users.id, row.coordinatorId)) : [];
  if (to.length === 0) to = await pick(eq(users.role, 'coordinator'));
  if (to.length === 0) to = await pick(inArray(users.role, ['admin']));
  if (to.length === 0) return;
  const sunday = row.kind !== 'item';
  const when = row.date ? (sunday ? ` for ${sundayTitle(row.date)}` : ` (due ${formatDueDate(row.date)})`) : '';
  const body = `${person.fullName} declined ${row.title}${when}${reason ? `: "${reason}"` : ''}.`;
  const link = row.kind !== 'item' ? sundayWorkPath(row.date!, row.kind, row.id) : drawerPath(row.requestId!, row.id);
  await createNotifications(
    tx,
    events,
    to.map((c) => ({ userId: c.id, title: 'Work declined', body, type: 'assignment_declined', requestId: row.requestId, link })),
  );
  for (const c of to) {
    await sendPreferenceEmail(tx, {
      to: c,
      kind: 'assignment',
      subject: `${person.fullName} declined ${row.title}`,
      paragraphs: [`Hi ${c.fullName},`, body, 'Choose someone else from the schedule or the Sunday plan.'],
      requestId: row.requestId,
      requestTitle: sunday && row.date ? sundayTitle(row.date) : row.title,
      summary: body,
      link: `${ctx.config.appOrigin}${sunday ? '/runways/schedule' : link}`,
      actionText: sunday ? 'Open the schedule' : 'Open the request',
      origin: ctx.config.appOrigin,
    });
  }
}

async function nameOf(tx: Tx, id: string): Promise<Answerer> {
  const [row] = await tx.select({ id: users.id, fullName: users.fullName }).from(users).where(eq(users.id, id));
  if (!row) throw forbidden(PEOPLE_MESSAGES.notYours);
  return row;
}

/** The signed-in person answers their own assignment. */
export async function answerAssignment(
  ctx: AppContext,
  userId: string,
  kind: AnswerableKind,
  id: string,
  response: 'accepted' | 'declined',
  reason: string | null,
): Promise<AnswerResult> {
  return inTransaction(ctx, async (tx, events) => record(ctx, tx, events, await nameOf(tx, userId), kind, id, response, reason));
}

/** The link's claim, or the error it answers: 400 forged or altered, 422 expired. */
async function claimOf(tx: Tx, token: string) {
  const checked = verifyAssignmentLink(await assignmentLinkSecret(tx), token);
  if (!checked.ok) {
    throw checked.reason === 'expired'
      ? new AppError(422, 'link_expired', PEOPLE_MESSAGES.linkExpired)
      : new AppError(400, 'link_invalid', PEOPLE_MESSAGES.linkInvalid);
  }
  return checked.claim;
}

/** What a link is about, for its page. Reads only: a mail scanner opening the link changes nothing. */
export async function readLink(ctx: AppContext, token: string): Promise<LinkAbout> {
  return inTransaction(ctx, async (tx) => {
    const claim = await claimOf(tx, token);
    const row = await load(tx, claim.kind, claim.id, false);
    if (row.assigneeId !== claim.userId) throw new AppError(403, 'not_assignee', PEOPLE_MESSAGES.linkMoved);
    const person = await nameOf(tx, claim.userId);
    return {
      kind: row.kind,
      id: row.id,
      title: row.title,
      date: row.date,
      personName: person.fullName,
      response: row.response,
      responseReason: row.responseReason,
    };
  });
}

/** The answer sent from the link's page: the link's person answers, as if signed in. */
export async function answerByLink(
  ctx: AppContext,
  token: string,
  response: 'accepted' | 'declined',
  reason: string | null,
): Promise<AnswerResult> {
  return inTransaction(ctx, async (tx, events) => {
    const claim = await claimOf(tx, token);
    const row = await load(tx, claim.kind, claim.id, false);
    if (row.assigneeId !== claim.userId) throw new AppError(403, 'not_assignee', PEOPLE_MESSAGES.linkMoved);
    return record(ctx, tx, events, await nameOf(tx, claim.userId), claim.kind, claim.id, response, reason);
  });
}
