import { and, eq, inArray } from 'drizzle-orm';
import {
  SUNDAY_WORK_KIND_LABELS,
  sundayTitle,
  sundayWorkDue,
  sundayWorkPath,
  type SundayAssignmentKind,
} from '../../shared/domain/sunday-work';
import { formatDueDate } from '../../shared/domain/tasks';
import type { Executor } from '../platform/db/client';
import { users } from '../platform/db/schema';
import type { AppEvent } from '../platform/events/bus';
import { sendPreferenceEmail } from './email-preferences';
import { createNotifications } from './notify';
import { isAnswerable, type SundayAnswerableKind } from '../../shared/domain/people-on-sundays';
import { acceptOwn, answerLink, assignmentsAsk } from './assignment-answer';

/**
 * Telling people their Sunday work (decision 0058), inside the save's transaction like request
 * tasks (`assignment.ts`): whoever a plan item, video, social post or sermon role now names, and
 * did not before, gets a bell notification and an 'assignment' e-mail as their preferences say
 * (at once, in the daily digest, or none). Nobody is told of work they gave themselves, and a
 * deactivated or external person is not told at all.
 */
export interface SundayAssignment {
  kind: SundayAssignmentKind;
  /** The row's id (the sermon's roles: the Sunday's service plan). */
  id: string;
  sundayDate: string;
  /** What the work is called: a task's name, a video's title, a post's platform and type. */
  label: string;
  assigneeId: string | null;
  /** Who it named before the save (undefined for a new row). */
  before: string | null | undefined;
  /** Days before the Sunday the work is due (0: the Sunday). */
  daysBefore?: number;
}

/** The assignments of a save that name someone new. */
export const newAssignments = (all: SundayAssignment[], actorId: string) =>
  all.filter((a) => a.assigneeId && a.assigneeId !== a.before && a.assigneeId !== actorId);

export async function tellSundayAssignees(
  tx: Executor,
  events: AppEvent[],
  actorId: string,
  all: SundayAssignment[],
  origin: string,
): Promise<void> {
  // Work a coordinator gives themselves stands accepted (guide/sunday-planning.md#answering-an-assignment).
  const own = all.filter((a) => isAnswerable(a.kind) && a.assigneeId === actorId && a.before !== actorId);
  for (const kind of new Set(own.map((a) => a.kind as SundayAnswerableKind))) {
    await acceptOwn(
      tx,
      kind,
      own.filter((a) => a.kind === kind).map((a) => a.id),
    );
  }
  const told = newAssignments(all, actorId);
  if (told.length === 0) return;
  const asks = await assignmentsAsk(tx);
  const people = await tx
    .select({ id: users.id, fullName: users.fullName, email: users.email })
    .from(users)
    .where(and(inArray(users.id, [...new Set(told.map((a) => a.assigneeId!))]), eq(users.active, true), eq(users.isExternal, false)));
  const byId = new Map(people.map((p) => [p.id, p]));
  const reached = told.filter((a) => byId.has(a.assigneeId!));
  await createNotifications(
    tx,
    events,
    reached.map((a) => ({
      userId: a.assigneeId!,
      title: 'You were assigned Sunday work',
      body: describe(a),
      type: 'assignment',
      link: sundayWorkPath(a.sundayDate, a.kind, a.id),
    })),
  );
  // Their My Tasks and calendar reload live (the web's 'tasks' keys).
  if (reached.length > 0) events.push({ topic: 'tasks', audience: { userIds: [...new Set(reached.map((a) => a.assigneeId!))] } });
  for (const a of reached) {
    const to = byId.get(a.assigneeId!)!;
    const line = describe(a);
    const link = `${origin}${sundayWorkPath(a.sundayDate, a.kind, a.id)}`;
    // Work that waits for its person's answer (all but a slide): the button opens the answer page.
    const answer = asks && isAnswerable(a.kind);
    await sendPreferenceEmail(tx, {
      to,
      kind: 'assignment',
      subject: `You were assigned Sunday work: ${sundayTitle(a.sundayDate)}`,
      paragraphs: [
        `Hi ${to.fullName},`,
        'You were assigned Sunday work.',
        line,
        ...(answer ? ['Please accept or decline it.', `The Sunday: ${link}`] : []),
      ],
      requestId: null,
      requestTitle: sundayTitle(a.sundayDate),
      summary: `You were assigned Sunday work: ${line}`,
      link: answer ? await answerLink(tx, origin, a.kind as SundayAnswerableKind, a.id, to.id) : link,
      digestLink: link,
      actionText: answer ? 'Accept or decline' : 'Open the Sunday',
      origin,
    });
  }
}

/** 'Sunday video "Welcome loop" for Sunday Jan 5, 2031 (due Jan 5, 2031)'. */
function describe(a: SundayAssignment): string {
  const due = a.kind.startsWith('sermon') ? '' : ` (due ${formatDueDate(sundayWorkDue(a.sundayDate, a.daysBefore))})`;
  return `${SUNDAY_WORK_KIND_LABELS[a.kind]} "${a.label}" for ${sundayTitle(a.sundayDate)}${due}`;
}
