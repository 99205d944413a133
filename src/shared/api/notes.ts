import { z } from 'zod';
import { isIsoDate } from '../domain/calendar';
import { LOCK_TIME_PATTERN } from '../domain/sunday-lock';
import { FUTURE_NOTE_CATEGORIES, FUTURE_NOTE_STATUSES, type RunwayCode } from '../domain/planning';

/**
 * API contract of Future Planning Notes (/runways/planning; guide/sunday-planning.md#future-notes to 9, guide/sunday-planning.md#future-notes,
 * decisions 0014 and 0018): the list, the Add Note / edit dialog, delete, Move to Runway Now, and
 * the admin's Sunday auto-lock setting.
 */
export const NOTES_MESSAGES = {
  title: 'Future Planning Notes',
  searchPlaceholder: 'Search notes...',
  addNote: 'Add Note',
  editNote: 'Edit Note',
  titleRequired: 'Title is required',
  deleteConfirm: 'Are you sure you want to delete this note?',
  moveToRunway: 'Move to Runway Now',
  saved: 'Note saved successfully!',
  deleted: 'Note deleted successfully',
  moved: 'Success!',
  saveFailed: 'Error saving note',
  deleteFailed: 'Error deleting note',
  fetchFailed: 'Error fetching future notes',
  empty: 'No notes yet. Add one to plan beyond the next six weeks.',
  emptyFiltered: 'No notes match your search.',
  notFound: 'That note no longer exists.',
  invalidDate: 'Enter the date as YYYY-MM-DD.',
  moveNeedsPlanned: 'Only planned notes can be moved to the runway. Set the status to Planned first.',
  moveNeedsDate: 'Give the note a target date first: it goes to the plan of the Sunday on or after that date.',
  movePastSunday: 'That Sunday has passed. Change the target date to a Sunday still to come.',
  moveOnlyByMove: "A note goes On Runway only through 'Move to Runway Now'.",
  unknownMinistry: 'Choose a ministry from the list.',
  unknownOwner: 'Choose an owner from the list.',
} as const;

export const NOTE_STATUS_LABELS: Record<(typeof FUTURE_NOTE_STATUSES)[number], string> = {
  draft: 'Draft',
  planned: 'Planned',
  moved_to_runway: 'On Runway',
  archived: 'Archived',
};

export const NOTE_CATEGORY_LABELS: Record<(typeof FUTURE_NOTE_CATEGORIES)[number], string> = {
  sunday: 'Sunday',
  videos: 'Videos',
  slides: 'Slides',
  social: 'Social',
  campaign: 'Campaign',
  event: 'Event',
  other: 'Other',
};

/**
 * Where Move to Runway Now puts a note, by its category (decision 0018): a Sunday note is about the
 * message; videos, slides and social are media; campaigns, events and anything else are announced.
 */
export const NOTE_RUNWAY: Record<NoteCategory, RunwayCode> = {
  sunday: 'message',
  videos: 'media',
  slides: 'media',
  social: 'media',
  campaign: 'announcements',
  event: 'announcements',
  other: 'announcements',
};

/** The Sunday a note's target date belongs to: the first Sunday on or after it (decision 0018). */
export function noteSunday(targetDate: string): string {
  const [y, m, d] = targetDate.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  date.setUTCDate(date.getUTCDate() + ((7 - date.getUTCDay()) % 7));
  return date.toISOString().slice(0, 10);
}

export type NoteCategory = (typeof FUTURE_NOTE_CATEGORIES)[number];
export type NoteStatus = (typeof FUTURE_NOTE_STATUSES)[number];

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 5000;

export const noteSchema = z.object({
  id: z.string(),
  title: z.string(),
  category: z.enum(FUTURE_NOTE_CATEGORIES),
  status: z.enum(FUTURE_NOTE_STATUSES),
  targetDate: z.string().nullable(),
  ministryId: z.string().nullable(),
  ministryName: z.string().nullable(),
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  description: z.string().nullable(),
  /** The Sunday plan item Move to Runway Now made (null until then). */
  planItemId: z.string().nullable(),
  /** The signed-in user may use Move to Runway Now on it (coordinator+, planned, with a date). */
  canMoveToRunway: z.boolean(),
});
export type Note = z.infer<typeof noteSchema>;

export const notesQuery = z.object({
  search: z.string().trim().max(200).optional(),
  status: z.enum(FUTURE_NOTE_STATUSES).optional(),
});
export const notesResponse = z.object({ items: z.array(noteSchema) });
export type NotesList = z.infer<typeof notesResponse>;

/** Empty text from a form field means "none" (guide/sunday-planning.md#future-notes: saved as null when empty). */
const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalId = (message: string) => z.preprocess(emptyToNull, z.uuid(message).nullable().optional()).transform((v) => v ?? null);

/** The Add Note / edit dialog (guide/sunday-planning.md#future-notes); the browser's form checks the same schema. */
export const noteBody = z.object({
  title: z.string(NOTES_MESSAGES.titleRequired).trim().min(1, NOTES_MESSAGES.titleRequired).max(TITLE_MAX),
  category: z.enum(FUTURE_NOTE_CATEGORIES).default('sunday'),
  status: z.enum(FUTURE_NOTE_STATUSES).default('draft'),
  targetDate: z
    .preprocess(emptyToNull, z.string().refine(isIsoDate, NOTES_MESSAGES.invalidDate).nullable().optional())
    .transform((v) => v ?? null),
  ministryId: optionalId(NOTES_MESSAGES.unknownMinistry),
  ownerId: optionalId(NOTES_MESSAGES.unknownOwner),
  description: z.preprocess(emptyToNull, z.string().trim().max(DESCRIPTION_MAX).nullable().optional()).transform((v) => v ?? null),
});
export type NoteBodyInput = z.input<typeof noteBody>;
export type NoteBody = z.output<typeof noteBody>;

export const noteIdParams = z.object({ id: z.uuid(NOTES_MESSAGES.notFound) });
export const noteResponse = z.object({ note: noteSchema });
export const deleteNoteResponse = z.object({ id: z.string() });

/** Move to Runway Now's answer: the note (now On Runway) and where it landed. */
export const moveToRunwayResponse = z.object({
  note: noteSchema,
  sundayDate: z.string(),
  runwayCode: z.string(),
  runwayName: z.string(),
  taskName: z.string(),
});
export type MoveToRunwayResult = z.infer<typeof moveToRunwayResponse>;

/** Owner candidates: active staff who sign in (creatives and above). */
export const noteOwnerSchema = z.object({ id: z.string(), fullName: z.string() });
export type NoteOwner = z.infer<typeof noteOwnerSchema>;
export const noteOwnersResponse = z.object({ items: z.array(noteOwnerSchema) });

// ---------------------------------------------------------------- the Sunday auto-lock setting (admin)

export const SUNDAY_AUTO_LOCK_MESSAGES = {
  heading: 'Sunday auto-lock',
  label: "Lock each Sunday's plan by itself before the Sunday (church time)",
  explanation:
    'While this is on, every planned Sunday locks by itself on the weekday and at the time below (Thursday at 12:00 unless you change it), as Lock Sunday would; after that only admins change it, and an admin may unlock it.',
  weekday: 'Lock on',
  time: 'At',
  saveRule: 'Save lock time',
  badTime: 'Use a time like 12:00.',
  saved: 'Changes saved successfully!',
  saveFailed: 'Error saving changes',
  fetchFailed: 'Could not fetch settings data: ',
} as const;

/** The Sunday lock rule (decision 0055): on or off, the weekday before each Sunday and the time, church time. */
export const sundayAutoLockSchema = z.object({
  enabled: z.boolean(),
  weekday: z.number().int(),
  time: z.string(),
  /** 'Thursday at 12:00'; null when off. */
  sentence: z.string().nullable(),
  timeZone: z.string(),
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
export type SundayAutoLockSetting = z.infer<typeof sundayAutoLockSchema>;
/** Weekday and time may be left out (the switch alone): the stored ones stay. */
export const sundayAutoLockBody = z.object({
  enabled: z.boolean(),
  weekday: z.number({ message: 'Choose a weekday.' }).int().min(0, 'Choose a weekday.').max(6, 'Choose a weekday.').optional(),
  time: z.string().regex(LOCK_TIME_PATTERN, 'Use a time like 12:00.').optional(),
});
