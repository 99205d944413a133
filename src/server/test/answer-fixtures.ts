import { desc, eq } from 'drizzle-orm';
import type { AnswerableKind } from '../../shared/domain/people-on-sundays';
import type { Executor } from '../platform/db/client';
import { emailPreferences, notifications, pendingEmails } from '../platform/db/schema';
import type { Agent } from './harness';

/**
 * What the tests of answers (guide/sunday-planning.md#answering-an-assignment) share: sending an
 * answer as a person, reading whom it told, and choosing how a person takes assignment e-mails.
 */
export const answerAs = (agent: Agent, kind: AnswerableKind, id: string, response: 'accepted' | 'declined', reason?: string) =>
  agent.inject({ method: 'POST', url: `/api/assignments/${kind}/${id}/response`, payload: { response, reason } });

/** A person's notifications, newest first. */
export const notesOf = (db: Executor, userId: string) =>
  db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.createdAt));

/** The outbox's e-mails to one address. */
export const mailsTo = (db: Executor, email: string) => db.select().from(pendingEmails).where(eq(pendingEmails.recipient, email));

/** How the person takes assignment e-mails: at once, in the digest, or none. */
export const setAssignmentMailMode = (db: Executor, userId: string, mode: 'immediate' | 'digest' | 'off') =>
  db
    .insert(emailPreferences)
    .values({ userId, kind: 'assignment', mode })
    .onConflictDoUpdate({ target: [emailPreferences.userId, emailPreferences.kind], set: { mode } });
