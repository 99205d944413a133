import { eq } from 'drizzle-orm';
import { drawerPath } from '../../shared/domain/drawer-path';
import { formatDueDate } from '../../shared/domain/tasks';
import type { Executor } from '../platform/db/client';
import { requestItems, users } from '../platform/db/schema';
import { ruleBroken } from '../platform/errors';
import type { AppEvent } from '../platform/events/bus';
import { sendPreferenceEmail } from './email-preferences';
import { createNotifications } from './notify';
import { answerLink, assignmentsAsk } from './assignment-answer';

/**
 * Assigning work, shared by the task list's reassignment (tasks) and the board's bulk assignment
 * (board): who may be assigned, and how a new assignee is told.
 */

/** Roles a task can be assigned to (guide/requests.md#who-may-see-a-request); the Church Media Squad is a creative row. */
export const ASSIGNABLE_ROLES = ['admin', 'coordinator', 'creative'] as const;

export const TASK_NOT_FOUND = 'Task not found.';
export const NOT_ASSIGNABLE = 'Choose an active admin, coordinator or creative (or the Church Media Squad).';

export interface Assignee {
  id: string;
  fullName: string;
  email: string;
  role: string;
  isExternal: boolean;
  active: boolean;
}

/** The person work is being given to: an active admin, coordinator or creative, else 422. */
export async function assignableOrThrow(tx: Executor, id: string): Promise<Assignee> {
  const [row] = await tx
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      role: users.role,
      isExternal: users.isExternal,
      active: users.active,
    })
    .from(users)
    .where(eq(users.id, id));
  if (!row || !row.active || !(ASSIGNABLE_ROLES as readonly string[]).includes(row.role)) {
    throw ruleBroken(NOT_ASSIGNABLE, { assigneeId: NOT_ASSIGNABLE });
  }
  return row;
}

/**
 * Tells a new assignee who can sign in: a notification and an e-mail, at once or in the digest as
 * they chose for assignments (the board's bulk assign uses it too).
 */
export async function tellAssignee(
  tx: Executor,
  events: AppEvent[],
  to: Pick<Assignee, 'id' | 'fullName' | 'email'>,
  item: Pick<typeof requestItems.$inferSelect, 'id' | 'channel' | 'dueDate'>,
  request: { id: string; eventTitle: string },
  {
    origin,
    channelLabel,
  }: { origin: string; /** The church's name for a channel (channelLabels). */ channelLabel: (code: string) => string },
) {
  const body = `${request.eventTitle}: ${channelLabel(item.channel)}`;
  await createNotifications(tx, events, [
    {
      userId: to.id,
      title: 'You were assigned a task',
      body,
      type: 'assignment',
      requestId: request.id,
      link: drawerPath(request.id, item.id),
    },
  ]);
  const summary = `You were assigned a task: ${body}${item.dueDate ? ` (due ${formatDueDate(item.dueDate)})` : ''}`;
  const requestLink = `${origin}/request/${request.id}`;
  // While the church asks, the e-mail's button opens the answer page (guide/sunday-planning.md#answering-an-assignment).
  const asks = await assignmentsAsk(tx);
  await sendPreferenceEmail(tx, {
    to,
    kind: 'assignment',
    subject: `You were assigned a task: ${request.eventTitle}`,
    paragraphs: [
      `Hi ${to.fullName},`,
      'You were assigned a task.',
      `${body}${item.dueDate ? ` (due ${formatDueDate(item.dueDate)})` : ''}`,
      ...(asks ? ['Please accept or decline it.', `The request: ${requestLink}`] : []),
    ],
    requestId: request.id,
    requestTitle: request.eventTitle,
    summary,
    link: asks ? await answerLink(tx, origin, 'item', item.id, to.id) : requestLink,
    digestLink: requestLink,
    actionText: asks ? 'Accept or decline' : 'View Request',
    origin,
  });
}
