import { and, eq, inArray } from 'drizzle-orm';
import { NOTE_RUNWAY, NOTES_MESSAGES, noteSunday, type MoveToRunwayResult, type Note, type NoteBody } from '../../../shared/api/notes';
import { todayIn } from '../../../shared/domain/dates';
import type { NoteCategory } from '../../../shared/api/notes';
import type { SessionUser } from '../../platform/auth/sessions';
import { inTransaction, type AppContext } from '../../platform/context';
import type { Tx } from '../../platform/db/client';
import { futureNotes, ministries, runways, sundayPlanItems, users } from '../../platform/db/schema';
import type { AppEvent } from '../../platform/events/bus';
import { forbidden, notFound, ruleBroken } from '../../platform/errors';
import { lockSundayPlan, openSundayForEdit } from '../../commands/sunday-edit';
import { findNote, OWNER_ROLES } from './queries';
import { notesPolicy } from './policy';

/**
 * Future notes' use cases (guide/sunday-planning.md#future-notes; guide/sunday-planning.md#future-notes; decision 0018), one
 * transaction each. Every change tells the planners' lists ('notes', creatives and above); Move to
 * Runway Now also changes a Sunday plan ('sundays', coordinators and above).
 */
const notesChanged = (id: string): AppEvent => ({ topic: 'notes', id, audience: { minRole: 'creative' } });

type NoteRow = typeof futureNotes.$inferSelect;

async function lockNote(tx: Tx, id: string): Promise<NoteRow> {
  const [note] = await tx.select().from(futureNotes).where(eq(futureNotes.id, id)).for('update');
  if (!note) throw notFound(NOTES_MESSAGES.notFound);
  return note;
}

async function reread(tx: Tx, user: SessionUser, id: string): Promise<Note> {
  const note = await findNote(tx, user, id);
  if (!note) throw notFound(NOTES_MESSAGES.notFound);
  return note;
}

/** The ministry and owner named must exist (the owner: active staff who sign in); unchanged ones are kept as they are. */
async function checkReferences(tx: Tx, body: NoteBody, before?: NoteRow): Promise<void> {
  if (body.ministryId && body.ministryId !== before?.ministryId) {
    const [ministry] = await tx.select({ id: ministries.id }).from(ministries).where(eq(ministries.id, body.ministryId));
    if (!ministry) throw ruleBroken(NOTES_MESSAGES.unknownMinistry, { ministryId: NOTES_MESSAGES.unknownMinistry });
  }
  if (body.ownerId && body.ownerId !== before?.ownerId) {
    const [owner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, body.ownerId), eq(users.active, true), eq(users.isExternal, false), inArray(users.role, [...OWNER_ROLES])));
    if (!owner) throw ruleBroken(NOTES_MESSAGES.unknownOwner, { ownerId: NOTES_MESSAGES.unknownOwner });
  }
}

/** 'On Runway' means a plan item exists: only Move to Runway Now sets it (a note already on it may keep it). */
function checkStatus(body: NoteBody, before?: NoteRow): void {
  if (body.status === 'moved_to_runway' && before?.status !== 'moved_to_runway') {
    throw ruleBroken(NOTES_MESSAGES.moveOnlyByMove, { status: NOTES_MESSAGES.moveOnlyByMove });
  }
}

const fields = (body: NoteBody) => ({
  title: body.title,
  category: body.category,
  status: body.status,
  targetDate: body.targetDate,
  ministryId: body.ministryId,
  ownerId: body.ownerId,
  description: body.description,
});

export async function createNote(ctx: AppContext, user: SessionUser, body: NoteBody): Promise<Note> {
  return inTransaction(ctx, async (tx, events) => {
    checkStatus(body);
    await checkReferences(tx, body);
    const [row] = await tx.insert(futureNotes).values(fields(body)).returning({ id: futureNotes.id });
    events.push(notesChanged(row.id));
    return reread(tx, user, row.id);
  });
}

export async function updateNote(ctx: AppContext, user: SessionUser, id: string, body: NoteBody): Promise<Note> {
  return inTransaction(ctx, async (tx, events) => {
    const before = await lockNote(tx, id);
    checkStatus(body, before);
    await checkReferences(tx, body, before);
    await tx.update(futureNotes).set(fields(body)).where(eq(futureNotes.id, id));
    events.push(notesChanged(id));
    return reread(tx, user, id);
  });
}

/** Deletes the note; a plan item it was moved to stays on its Sunday (it is the plan's now). */
export async function deleteNote(ctx: AppContext, id: string): Promise<{ id: string }> {
  return inTransaction(ctx, async (tx, events) => {
    const [gone] = await tx.delete(futureNotes).where(eq(futureNotes.id, id)).returning({ id: futureNotes.id });
    if (!gone) throw notFound(NOTES_MESSAGES.notFound);
    events.push(notesChanged(id));
    return gone;
  });
}

/**
 * Move to Runway Now (guide/sunday-planning.md#future-notes): the note becomes a plan item (task name its title, details its
 * description) on the plan of its Sunday (the first on or after its target date) for the runway of
 * its category, and goes 'On Runway', in one transaction. The write goes through the Sunday guard
 * with the plan's current version read here, under its row lock (this is not an editor's save): a
 * locked Sunday refuses everyone but admins.
 */
export async function moveToRunway(ctx: AppContext, user: SessionUser, id: string): Promise<MoveToRunwayResult> {
  return inTransaction(ctx, async (tx, events) => {
    const note = await lockNote(tx, id);
    checkMovable(user, note);
    const sundayDate = noteSunday(note.targetDate!);
    if (sundayDate < todayIn(ctx.config.churchTimeZone)) throw ruleBroken(NOTES_MESSAGES.movePastSunday);
    const runway = await runwayFor(tx, note.category as NoteCategory);
    const current = await lockSundayPlan(tx, sundayDate, runway.id);
    const plan = await openSundayForEdit(tx, user, sundayDate, runway.id, current.version);
    const taskName = await freeTaskName(tx, plan.id, note.title);
    const [item] = await tx
      .insert(sundayPlanItems)
      .values({ sundayPlanId: plan.id, taskName, taskDetails: note.description })
      .returning({ id: sundayPlanItems.id });
    await tx.update(futureNotes).set({ status: 'moved_to_runway', planItemId: item.id }).where(eq(futureNotes.id, id));
    events.push(notesChanged(id), { topic: 'sundays', id: sundayDate, audience: { minRole: 'coordinator' } });
    return { note: await reread(tx, user, id), sundayDate, runwayCode: runway.code, runwayName: runway.name, taskName };
  });
}

function checkMovable(user: SessionUser, note: NoteRow): void {
  if (notesPolicy.moveToRunway.allows(user, note)) return;
  if (note.status !== 'planned') throw ruleBroken(NOTES_MESSAGES.moveNeedsPlanned);
  if (!note.targetDate) throw ruleBroken(NOTES_MESSAGES.moveNeedsDate);
  throw forbidden();
}

async function runwayFor(tx: Tx, category: NoteCategory) {
  const code = NOTE_RUNWAY[category] ?? 'announcements';
  const [runway] = await tx.select({ id: runways.id, code: runways.code, name: runways.name }).from(runways).where(eq(runways.code, code));
  if (!runway) throw ruleBroken(`There is no ${code} runway to move the note to.`);
  return runway;
}

/** The note's title, or, when the plan already has a task of that name, 'title (note)', 'title (note 2)', ... */
async function freeTaskName(tx: Tx, planId: string, title: string): Promise<string> {
  const taken = new Set(
    (await tx.select({ name: sundayPlanItems.taskName }).from(sundayPlanItems).where(eq(sundayPlanItems.sundayPlanId, planId))).map(
      (r) => r.name,
    ),
  );
  if (!taken.has(title)) return title;
  for (let n = 1; ; n++) {
    const name = n === 1 ? `${title} (note)` : `${title} (note ${n})`;
    if (!taken.has(name)) return name;
  }
}
