import { and, gte, inArray, lte, sql } from 'drizzle-orm';
import { formatDueDate } from '../../shared/domain/tasks';
import { blockoutCovers, BLOCKED_OUT_CODE, PEOPLE_MESSAGES, type AnswerableKind } from '../../shared/domain/people-on-sundays';
import type { Executor } from '../platform/db/client';
import { blockouts, requestItems, sundayPlanItems, users } from '../platform/db/schema';
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

/** Work a person gives themselves needs no answer: it stands accepted. */
export async function acceptOwn(tx: Executor, kind: AnswerableKind, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const set = { response: 'accepted', responseReason: null, respondedAt: new Date() };
  if (kind === 'task') await tx.update(sundayPlanItems).set(set).where(inArray(sundayPlanItems.id, ids));
  else await tx.update(requestItems).set(set).where(inArray(requestItems.id, ids));
}

/** Whether new assignments wait for an answer (the church has not chosen to assign without asking). */
export async function assignmentsAsk(tx: Executor): Promise<boolean> {
  return !(await getSetting(tx, 'assignWithoutAsking'));
}

/** The answer page's signed link for one person's assignment. */
export async function answerLink(tx: Executor, origin: string, kind: AnswerableKind, id: string, userId: string): Promise<string> {
  return respondUrl(origin, signAssignmentLink(await assignmentLinkSecret(tx), { kind, id, userId }));
}
