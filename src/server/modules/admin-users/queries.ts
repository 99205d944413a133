import { and, asc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_USERS_PAGE_SIZE,
  type AdminMinistry,
  type AdminUser,
  type AdminUsersPage,
  type AdminUsersQuery,
} from '../../../shared/api/admin-users';
import type { Role } from '../../../shared/domain/roles';
import type { MinistryTier } from '../../../shared/domain/statuses';
import type { SessionUser } from '../../platform/auth/sessions';
import type { Executor } from '../../platform/db/client';
import { decodeCursor, pageOf } from '../../platform/db/list-cursor';
import { prepared } from '../../platform/db/prepared';
import { ministries, mfaFactors, requests, users } from '../../platform/db/schema';
import { adminUsersPolicy } from './policy';

const userColumns = {
  id: users.id,
  fullName: users.fullName,
  email: users.email,
  role: users.role,
  ministryId: users.ministryId,
  ministryName: ministries.name,
  active: users.active,
  lastLoginAt: users.lastLoginAt,
  passwordResetRequired: users.passwordResetRequired,
  secondFactor: sql<boolean>`exists(select 1 from ${mfaFactors} where ${mfaFactors.userId} = ${users.id} and ${mfaFactors.status} = 'verified')`,
};
type UserRow = {
  id: string;
  fullName: string;
  email: string;
  role: string;
  ministryId: string | null;
  ministryName: string | null;
  active: boolean;
  lastLoginAt: Date | null;
  passwordResetRequired: boolean;
  secondFactor: boolean;
};

/** An invite is pending until its first sign-in: the account still waits for its first password change. */
export const invitePending = (row: { lastLoginAt: Date | null; passwordResetRequired: boolean }) =>
  row.lastLoginAt === null && row.passwordResetRequired;

/** One row as the table shows it, with the actions the server allows the caller on it. */
export function presentUser(row: UserRow, actor: SessionUser): AdminUser {
  const removable = adminUsersPolicy.removeAccount.allows(actor, row);
  // Field by field, exactly the schema's (the list is sent without parsing it again: presentedAnswer).
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    role: row.role as Role,
    ministryId: row.ministryId,
    ministryName: row.ministryName,
    active: row.active,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    passwordResetRequired: row.passwordResetRequired,
    isYou: row.id === actor.id,
    canDeactivate: removable,
    canDelete: removable,
    canResendInvite: invitePending(row),
    secondFactor: row.secondFactor,
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One page of the user table (guide/administration.md#users: users with ministry name), by name then id, a
 * screen at a time: keyset on (full_name, id), the `users_full_name_id_idx` order, so a page reads
 * its rows and one more whatever the church's size, and people invited between two pages neither
 * shift nor repeat the rows already read. Searchable by name or e-mail (any case, anywhere in
 * them), filterable by role and status. The external Church Media Squad is no person to manage.
 *
 * Built once per database handle and set of filters, and sent as a named prepared statement with
 * the values as placeholders (as the bell's statements are): drizzle's building of the select was
 * most of the app's own time per page.
 */
export async function listUsers(db: Executor, actor: SessionUser, q: AdminUsersQuery = {}): Promise<AdminUsersPage> {
  const after = decodeCursor(q.cursor, ['text', 'uuid']);
  const shape = { search: !!q.search, role: !!q.role, status: q.status ?? 'all', after: !!after };
  const name = `admin_users_page_${shape.search ? 's' : ''}${shape.role ? 'r' : ''}${shape.status}${shape.after ? '_after' : ''}`;
  const statement = prepared(db, name, (d) => usersPageQuery(d, shape).prepare(name));
  const rows = await statement.execute({
    like: q.search ? `%${escapeLike(q.search)}%` : undefined,
    role: q.role,
    afterName: after?.[0],
    afterId: after?.[1],
  });
  const { page, nextCursor } = pageOf(rows, ADMIN_USERS_PAGE_SIZE, (r) => [r.fullName, r.id]);
  return { users: page.map((r) => presentUser(r, actor)), nextCursor };
}

/** The page's select for one set of filters, its values left as placeholders. */
function usersPageQuery(db: Executor, shape: { search: boolean; role: boolean; status: string; after: boolean }) {
  const where: SQL[] = [eq(users.isExternal, false)];
  if (shape.search) where.push(or(ilike(users.fullName, sql.placeholder('like')), ilike(users.email, sql.placeholder('like')))!);
  if (shape.role) where.push(sql`${users.role} = ${sql.placeholder('role')}`);
  if (shape.status === 'active') where.push(eq(users.active, true));
  if (shape.status === 'deactivated') where.push(eq(users.active, false));
  if (shape.status === 'invited') where.push(isNull(users.lastLoginAt), eq(users.passwordResetRequired, true));
  if (shape.after)
    where.push(sql`(${users.fullName}, ${users.id}) > (${sql.placeholder('afterName')}, ${sql.placeholder('afterId')}::uuid)`);
  return db
    .select(userColumns)
    .from(users)
    .leftJoin(ministries, eq(ministries.id, users.ministryId))
    .where(and(...where))
    .orderBy(asc(users.fullName), asc(users.id))
    .limit(ADMIN_USERS_PAGE_SIZE + 1);
}

export async function readUser(db: Executor, actor: SessionUser, id: string): Promise<AdminUser | null> {
  const [row] = await db.select(userColumns).from(users).leftJoin(ministries, eq(ministries.id, users.ministryId)).where(eq(users.id, id));
  return row ? presentUser(row, actor) : null;
}

const ministryColumns = {
  id: ministries.id,
  name: ministries.name,
  defaultTier: ministries.defaultTier,
  active: ministries.active,
  requestCount: sql<number>`(select count(*)::int from ${requests} where ${requests.ministryId} = ${ministries.id})`,
};
const presentMinistry = (row: { defaultTier: string } & Omit<AdminMinistry, 'defaultTier'>): AdminMinistry => ({
  ...row,
  requestCount: Number(row.requestCount),
  defaultTier: row.defaultTier as MinistryTier,
});

/** Every ministry, archived ones too, by name (guide/administration.md#users), with how many requests name it. */
export async function listMinistries(db: Executor): Promise<AdminMinistry[]> {
  const rows = await db.select(ministryColumns).from(ministries).orderBy(asc(ministries.name));
  return rows.map(presentMinistry);
}

export async function readMinistry(db: Executor, id: string): Promise<AdminMinistry | null> {
  const [row] = await db.select(ministryColumns).from(ministries).where(eq(ministries.id, id));
  return row ? presentMinistry(row) : null;
}
