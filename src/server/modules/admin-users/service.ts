import { and, asc, eq, sql } from 'drizzle-orm';
import {
  ADMIN_USERS_MESSAGES as M,
  type AdminMinistry,
  type AdminUser,
  type InviteUserInput,
  type SaveMinistryInput,
  type UpdateUserInput,
} from '../../../shared/api/admin-users';
import { hashPassword, temporaryPassword } from '../../platform/auth/passwords';
import { endAllSessionsOf, sessionsChanged, type SessionUser } from '../../platform/auth/sessions';
import { inTransaction, type AppContext } from '../../platform/context';
import { rowsOf, type Tx } from '../../platform/db/client';
import { activityLog, calendarFeeds, ministries, requestMessages, requests, users } from '../../platform/db/schema';
import type { AppEvent } from '../../platform/events/bus';
import { AppError, badRequest, forbidden, notFound, ruleBroken } from '../../platform/errors';
import { outboxChanged, queueEmail } from '../../platform/mail/outbox';
import { churchConfig } from '../../platform/church-config';
import { adminUsersPolicy } from './policy';
import { invitePending, readMinistry, readUser } from './queries';

/**
 * Users and ministries on Admin settings (guide/administration.md#users; decision 0020). Each use
 * case is one transaction: rows, outbox e-mails and ended sessions commit together, and the
 * realtime events go out after the commit.
 */

type UserRow = typeof users.$inferSelect;
type NewUser = Omit<InviteUserInput, 'ministryId'> & { ministryId: string | null };
type UserEdit = Omit<UpdateUserInput, 'ministryId'> & { ministryId: string | null };

const usersChanged = (): AppEvent => ({ topic: 'users', audience: { minRole: 'admin' } });
/** Ministries feed every ministry picker and filter, so everyone signed in refetches them. */
const ministriesChanged = (id: string): AppEvent => ({ topic: 'ministries', id, audience: { minRole: 'viewer' } });

const emailTaken = () => new AppError(409, 'conflict', M.emailInUse, { email: M.emailInUse });
const lastAdmin = () => ruleBroken(M.lastAdmin, { role: M.lastAdmin });

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** Runs `work`, answering a unique-index violation (a concurrent twin) with `answer`. */
async function uniquely<T>(work: Promise<T>, answer: () => AppError): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (isUniqueViolation(err)) throw answer();
    throw err;
  }
}

async function lockUser(tx: Tx, id: string): Promise<UserRow> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.isExternal, false)))
    .for('update');
  if (!row) throw notFound(M.userNotFound);
  return row;
}

/**
 * Locks every active admin row, in id order, BEFORE the target row: a demotion, deactivation or
 * delete that could remove an admin takes these locks first, so two of them (A demotes B while B
 * demotes A) serialize instead of deadlocking, and the second re-reads the rows after the first
 * commits and sees one admin left.
 */
async function lockAdmins(tx: Tx): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.active, true)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((r) => r.id);
}

/** Refuses when `target` is the last active administrator ('Cannot remove the last administrator.'). */
function keepAnAdmin(admins: string[], target: UserRow): void {
  if (admins.includes(target.id) && admins.length <= 1) throw lastAdmin();
}

async function checkMinistry(tx: Tx, ministryId: string | null): Promise<void> {
  if (!ministryId) return;
  const [row] = await tx.select({ id: ministries.id }).from(ministries).where(eq(ministries.id, ministryId));
  if (!row) throw badRequest(M.unknownMinistry, { ministryId: M.unknownMinistry });
}

function checkGrant(actor: SessionUser, role: string): void {
  if (!adminUsersPolicy.grant.allows(actor, { role })) throw forbidden(M.roleAboveOwn);
}

const signInLink = (ctx: AppContext) => `${ctx.config.appOrigin}/login`;

/** A new temporary password, stored hashed and flagged for change; the plain text goes only into the e-mail. */
async function issueTemporaryPassword(tx: Tx, userId: string): Promise<string> {
  const password = temporaryPassword();
  await tx
    .update(users)
    .set({ passwordHash: await hashPassword(password), passwordResetRequired: true })
    .where(eq(users.id, userId));
  return password;
}

/**
 * The 'user created' e-mail (guide/administration.md#users e-mail events, guide/administration.md#users): temporary password
 * and sign-in link. The password is marked secret (masked in the outbox) and revealable once to an
 * admin (decision 0053).
 */
async function queueInvite(ctx: AppContext, tx: Tx, user: { id: string; email: string; fullName: string }, password: string) {
  await queueEmail(tx, {
    recipient: user.email,
    subject: M.inviteSubject,
    body:
      `Hello ${user.fullName},\n\nAn account was created for you on Lampstand, the communications team's request and planning tool.\n\n` +
      `E-mail: ${user.email}\nTemporary password: ${password}\n\n` +
      'You will be asked to choose your own password when you first sign in.',
    actionUrl: signInLink(ctx),
    actionText: M.signInAction,
    secrets: [password],
    revealFor: user.id,
  });
}

export async function inviteUser(ctx: AppContext, actor: SessionUser, input: NewUser): Promise<AdminUser> {
  checkGrant(actor, input.role);
  const id = await uniquely(
    inTransaction(ctx, async (tx, events) => {
      const [existing] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`);
      if (existing) throw emailTaken();
      await checkMinistry(tx, input.ministryId);
      const [row] = await tx
        .insert(users)
        .values({ fullName: input.fullName, email: input.email, role: input.role, ministryId: input.ministryId, active: true })
        .returning({ id: users.id });
      const password = await issueTemporaryPassword(tx, row.id);
      await queueInvite(ctx, tx, { ...input, id: row.id }, password);
      events.push(usersChanged(), outboxChanged());
      return row.id;
    }),
    emailTaken,
  );
  return (await readUser(ctx.db, actor, id))!;
}

/** Resend Invite: a fresh temporary password in a new 'user created' e-mail, while they have never signed in. */
export async function resendInvite(ctx: AppContext, actor: SessionUser, id: string): Promise<AdminUser> {
  await inTransaction(ctx, async (tx, events) => {
    const user = await lockUser(tx, id);
    if (!invitePending(user)) throw ruleBroken(M.inviteOnlyBeforeSignIn);
    const password = await issueTemporaryPassword(tx, id);
    await queueInvite(ctx, tx, user, password);
    // The new temporary password sets the must-change flag, which a cached session carries.
    events.push(usersChanged(), sessionsChanged(id), outboxChanged());
  });
  return (await readUser(ctx.db, actor, id))!;
}

/** Reset Password: a new temporary password e-mailed; their sessions end, as after any password change. */
export async function resetPassword(ctx: AppContext, actor: SessionUser, id: string): Promise<AdminUser> {
  await inTransaction(ctx, async (tx, events) => {
    const user = await lockUser(tx, id);
    const password = await issueTemporaryPassword(tx, id);
    if (user.id !== actor.id) await endAllSessionsOf(tx, id);
    await queueEmail(tx, {
      recipient: user.email,
      subject: M.resetSubject,
      body:
        `Hello ${user.fullName},\n\nAn administrator reset your Lampstand password.\n\nTemporary password: ${password}\n\n` +
        'You will be asked to choose your own password when you next sign in.',
      actionUrl: signInLink(ctx),
      actionText: M.signInAction,
      secrets: [password],
    });
    events.push(usersChanged(), sessionsChanged(id), outboxChanged());
  });
  return (await readUser(ctx.db, actor, id))!;
}

/** Edit: name, role and ministry (the e-mail is not editable, guide/administration.md#users). */
export async function updateUser(ctx: AppContext, actor: SessionUser, id: string, input: UserEdit): Promise<AdminUser> {
  await inTransaction(ctx, async (tx, events) => {
    const admins = await lockAdmins(tx);
    const user = await lockUser(tx, id);
    if (user.role !== input.role) {
      checkGrant(actor, input.role);
      checkGrant(actor, user.role);
      if (user.role === 'admin') keepAnAdmin(admins, user);
    }
    await checkMinistry(tx, input.ministryId);
    await tx.update(users).set({ fullName: input.fullName, role: input.role, ministryId: input.ministryId }).where(eq(users.id, id));
    events.push(usersChanged());
    // What a session carries changed: every instance drops its cached copy and their open event
    // streams take the new rank (decision 0028).
    if (user.role !== input.role || user.fullName !== input.fullName || user.ministryId !== input.ministryId) {
      events.push(sessionsChanged(id));
    }
  });
  return (await readUser(ctx.db, actor, id))!;
}

/**
 * Active toggle. Deactivating deletes the person's sessions and calendar feeds (decision 0033: a
 * reactivated person makes new links) in the same transaction, and the 'sessions' event after
 * commit makes every open event stream of theirs re-check and close.
 */
export async function setUserActive(ctx: AppContext, actor: SessionUser, id: string, active: boolean): Promise<AdminUser> {
  await inTransaction(ctx, async (tx, events) => {
    const admins = await lockAdmins(tx);
    const user = await lockUser(tx, id);
    if (!active && !adminUsersPolicy.removeAccount.allows(actor, user)) throw forbidden(M.notYourself);
    if (!active) keepAnAdmin(admins, user);
    await tx.update(users).set({ active }).where(eq(users.id, id));
    if (!active) {
      await endAllSessionsOf(tx, id);
      await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, id));
      events.push(sessionsChanged(id));
    }
    events.push(usersChanged());
  });
  return (await readUser(ctx.db, actor, id))!;
}

/** Whether anything they wrote would lose its author: requests, messages, activity (decision 0020). */
async function hasHistory(tx: Tx, id: string): Promise<boolean> {
  const result = await tx.execute(sql`select
    exists(select 1 from ${requests} where ${requests.requesterId} = ${id})
    or exists(select 1 from ${requestMessages} where ${requestMessages.authorId} = ${id})
    or exists(select 1 from ${activityLog} where ${activityLog.userId} = ${id}) as found`);
  return !!rowsOf<{ found: boolean }>(result)[0]?.found;
}

/**
 * Delete: only a person with no history (an invite sent by mistake, someone who never took part).
 * Anyone who wrote requests, messages or activity is refused with the advice to deactivate, so no
 * record ever loses its author (decision 0020).
 */
export async function deleteUser(ctx: AppContext, actor: SessionUser, id: string): Promise<void> {
  await inTransaction(ctx, async (tx, events) => {
    const admins = await lockAdmins(tx);
    const user = await lockUser(tx, id);
    if (!adminUsersPolicy.removeAccount.allows(actor, user)) throw forbidden(M.notYourself);
    keepAnAdmin(admins, user);
    if (await hasHistory(tx, id)) throw ruleBroken(M.hasHistory);
    await tx.delete(users).where(eq(users.id, id));
    events.push(usersChanged(), sessionsChanged(id));
  });
}

// ------------------------------------------------------------------ ministries

const ministryTaken = () => new AppError(409, 'conflict', M.ministryNameTaken, { name: M.ministryNameTaken });

/**
 * A ministry's default tier is one the church offers (decision 0056); a ministry already on a tier
 * archived since may keep it, so renaming that ministry does not force a new tier on it.
 */
async function checkDefaultTier(ctx: AppContext, tier: string, current?: string): Promise<void> {
  if (tier === current) return;
  const offered = (await churchConfig(ctx)).tiers.some((t) => t.code === tier && !t.archived);
  if (!offered) throw badRequest(M.unknownTier, { defaultTier: M.unknownTier });
}

export async function createMinistry(ctx: AppContext, input: Required<SaveMinistryInput>): Promise<AdminMinistry> {
  await checkDefaultTier(ctx, input.defaultTier);
  const id = await uniquely(
    inTransaction(ctx, async (tx, events) => {
      const [row] = await tx
        .insert(ministries)
        .values({ name: input.name, defaultTier: input.defaultTier })
        .returning({ id: ministries.id });
      events.push(ministriesChanged(row.id));
      return row.id;
    }),
    ministryTaken,
  );
  return (await readMinistry(ctx.db, id))!;
}

export async function updateMinistry(ctx: AppContext, id: string, input: Required<SaveMinistryInput>): Promise<AdminMinistry> {
  const [current] = await ctx.db.select({ defaultTier: ministries.defaultTier }).from(ministries).where(eq(ministries.id, id));
  await checkDefaultTier(ctx, input.defaultTier, current?.defaultTier);
  await uniquely(
    inTransaction(ctx, async (tx, events) => {
      const [row] = await tx
        .update(ministries)
        .set({ name: input.name, defaultTier: input.defaultTier })
        .where(eq(ministries.id, id))
        .returning({ id: ministries.id });
      if (!row) throw notFound(M.ministryNotFound);
      events.push(ministriesChanged(id));
    }),
    ministryTaken,
  );
  return (await readMinistry(ctx.db, id))!;
}

/** Archive / activate: an archived ministry leaves the new-request form, its requests stay as they are. */
export async function setMinistryActive(ctx: AppContext, id: string, active: boolean): Promise<AdminMinistry> {
  await inTransaction(ctx, async (tx, events) => {
    const [row] = await tx.update(ministries).set({ active }).where(eq(ministries.id, id)).returning({ id: ministries.id });
    if (!row) throw notFound(M.ministryNotFound);
    events.push(ministriesChanged(id));
  });
  return (await readMinistry(ctx.db, id))!;
}
