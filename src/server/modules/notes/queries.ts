import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Note, NoteOwner } from '../../../shared/api/notes';
import { FUTURE_NOTE_CATEGORIES, FUTURE_NOTE_STATUSES } from '../../../shared/domain/planning';
import { ROLES } from '../../../shared/domain/roles';
import type { SessionUser } from '../../platform/auth/sessions';
import type { Executor } from '../../platform/db/client';
import { futureNotes, ministries, users } from '../../platform/db/schema';
import { containsPattern } from '../../queries/request-scope';
import { notesPolicy } from './policy';

/** The roles a note's owner may have: the staff who plan (creatives and above). */
export const OWNER_ROLES = ROLES.slice(ROLES.indexOf('creative'));

const columns = {
  id: futureNotes.id,
  title: futureNotes.title,
  category: futureNotes.category,
  status: futureNotes.status,
  targetDate: futureNotes.targetDate,
  ministryId: futureNotes.ministryId,
  ministryName: ministries.name,
  ownerId: futureNotes.ownerId,
  ownerName: users.fullName,
  description: futureNotes.description,
  planItemId: futureNotes.planItemId,
};

/**
 * Future notes (guide/sunday-planning.md#future-notes): one query with their ministry and owner names, target date
 * ascending with undated notes last, then newest first; optionally only one status and only notes
 * whose title or description contains the search (case-insensitive).
 */
export async function listNotes(db: Executor, user: SessionUser, filter: { search?: string; status?: string }): Promise<Note[]> {
  const rows = await selectNotes(
    db,
    and(
      filter.status ? eq(futureNotes.status, filter.status) : undefined,
      filter.search
        ? or(ilike(futureNotes.title, containsPattern(filter.search)), ilike(futureNotes.description, containsPattern(filter.search)))
        : undefined,
    ),
  );
  return rows.map((row) => present(row, user));
}

export async function findNote(db: Executor, user: SessionUser, id: string): Promise<Note | null> {
  const [row] = await selectNotes(db, eq(futureNotes.id, id));
  return row ? present(row, user) : null;
}

function selectNotes(db: Executor, where: SQL | undefined) {
  return db
    .select(columns)
    .from(futureNotes)
    .leftJoin(ministries, eq(ministries.id, futureNotes.ministryId))
    .leftJoin(users, eq(users.id, futureNotes.ownerId))
    .where(where)
    .orderBy(sql`${futureNotes.targetDate} asc nulls last`, sql`${futureNotes.createdAt} desc`, asc(futureNotes.id));
}

type NoteRow = Awaited<ReturnType<typeof selectNotes>>[number];

function present(row: NoteRow, user: SessionUser): Note {
  const category = FUTURE_NOTE_CATEGORIES.find((c) => c === row.category) ?? 'other';
  const status = FUTURE_NOTE_STATUSES.find((s) => s === row.status) ?? 'draft';
  return { ...row, category, status, canMoveToRunway: notesPolicy.moveToRunway.allows(user, { status, targetDate: row.targetDate }) };
}

/** Owner candidates: active staff who can sign in, creatives and above, by name. */
export async function listOwners(db: Executor): Promise<NoteOwner[]> {
  return db
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(and(eq(users.active, true), eq(users.isExternal, false), inArray(users.role, [...OWNER_ROLES])))
    .orderBy(asc(users.fullName), asc(users.id));
}
