import { z } from 'zod';
import { ASSIGNMENT_RESPONSES } from '../domain/people-on-sundays';
import {
  READINESS_BADGES,
  RUNWAY_CODE_PATTERN,
  SERMON_STATUSES,
  TASK_KINDS,
  SLIDES_NEEDED_OPTIONS,
  SUNDAY_MESSAGES,
  SUNDAY_TASK_BADGES,
} from '../domain/planning';

/** API contract of Sunday planning's runways (guide/sunday-planning.md#the-runways-dashboard, #sunday-plans; decision 0014). */
export const runwaySchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  color: z.string(),
  orderIndex: z.number().int(),
});
export type Runway = z.infer<typeof runwaySchema>;

export const runwaysResponse = z.object({ items: z.array(runwaySchema) });

// ---------------------------------------------------------------- messages

/** The spec's strings for runways and Sunday plans (guide/sunday-planning.md#the-runways-dashboard, #the-sunday-plan-dialog), verbatim. */
export const SUNDAYS_MESSAGES = {
  title: 'Communication Runways',
  subtitle: '6-week overview of all communication channels',
  systemHealth: 'System Health',
  addRequest: 'Add Request',
  viewCalendar: 'View Calendar',
  refresh: 'Refresh runways',
  globalReadiness: 'Global Readiness',
  eventPromotions: 'Event Promotions',
  eventPromotionsSummary: (upcoming: number, ready: number) => `${upcoming} upcoming, ${ready} ready`,
  upcomingSundays: 'Upcoming Sundays',
  viewDetails: 'View Details',
  futureNotes: 'Future Notes (Beyond 6 Weeks)',
  noFutureNotes: 'No future notes yet.',
  addNote: 'Add Note',
  showAllNotes: 'Show All Notes',
  overallStatus: 'Overall Runway Status',
  planTitle: (date: string) => `Plan for ${date} — Sunday Service Overview`,
  cancel: 'Cancel',
  saveAllChanges: 'Save All Changes',
  saveAll: 'Save All',
  lockSunday: 'Lock Sunday',
  lockConfirm: 'Lock this Sunday? After it, only admins can change its plans.',
  lockedNotice: SUNDAY_MESSAGES.lockedNotice,
  reload: 'Reload',
  reloadConfirm: 'Reload the latest plan? Your unsaved edits in this dialog will be lost.',
  messageDetails: 'Message Details',
  // Toasts (guide/sunday-planning.md#the-sunday-plan-dialog): the first dialog pairs 'Changes saved successfully!' with
  // 'Error saving changes'; the second 'Sunday Plan Saved!' with 'Error Saving Plan'.
  saved: 'Changes saved successfully!',
  planSaved: 'Sunday Plan Saved!',
  locked: 'Sunday Locked!',
  noChanges: 'No changes to save.',
  saveFailed: 'Error saving changes',
  planSaveFailed: 'Error Saving Plan',
  lockFailed: 'Error locking Sunday',
  fetchSundayFailed: 'Error fetching Sunday details',
  fetchSummaryFailed: 'Error fetching runway summary',
  fetchUpcomingFailed: 'Error fetching upcoming Sundays',
  fetchNotesFailed: 'Error fetching future notes',
  fetchPromotionsFailed: 'Error fetching event promotions',
  fetchRunwaysFailed: 'Error fetching runways',
  fetchPlansFailed: 'Error fetching sunday plans',
  uploadFailed: 'Upload failed',
  // Server answers beyond the spec's strings.
  alreadyLocked: 'This Sunday is already locked.',
  runwayNotFound: 'That runway does not exist.',
  taskNotOnPlan: 'That task is not on this Sunday plan.',
  duplicateTask: 'Each task may appear only once.',
  notAssignable: 'Choose an active admin, coordinator or creative.',
  notPastor: 'Choose an active admin, coordinator, creative or approver.',
  seriesNotFound: 'That series does not exist.',
  badFileUrl: 'Upload the file again: that file link is not one of ours.',
  invalidDate: 'Use a date like 2026-11-29.',
  notPlanned: 'Not planned',
  notLocked: 'This Sunday is not locked.',
  unlockSunday: 'Unlock Sunday',
  unlockConfirm: 'Unlock this Sunday? Everyone who plans Sundays can change it again, and the unlock is logged.',
  unlocked: 'Sunday unlocked',
  unlockFailed: 'Error unlocking Sunday',
  addTask: 'Add a task to this Sunday',
  taskAdded: 'Task added',
  addTaskFailed: 'Error adding the task',
  taskNameTaken: 'This runway already has a task with that name on this Sunday.',
  taskNameRequired: 'Give the task a name.',
} as const;

// ---------------------------------------------------------------- shapes

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, SUNDAYS_MESSAGES.invalidDate);
export const sundayParams = z.object({ date: isoDate });
const runwayCode = z.string().max(60).regex(RUNWAY_CODE_PATTERN, SUNDAYS_MESSAGES.runwayNotFound);
export const runwayParams = z.object({ code: runwayCode });
export const sundayRunwayParams = z.object({ date: isoDate, code: runwayCode });

const person = z.object({ id: z.string(), fullName: z.string() });
export type PlanPerson = z.infer<typeof person>;

/** A runway on the dashboard (guide/sunday-planning.md#sunday-plans 'Runway summary'), over the next six Sundays. */
/** readinessPct null: not planned (no tasks at all), shown as 'Not planned' (decision 0055). */
const readiness = z.number().int().nullable();

export const runwaySummarySchema = runwaySchema.extend({
  readinessPct: readiness,
  badge: z.enum(READINESS_BADGES),
  itemsPlanned: z.number().int(),
  lockedSundays: z.number().int(),
  itemsInProgress: z.number().int(),
  nextAction: z.string(),
});
export type RunwaySummary = z.infer<typeof runwaySummarySchema>;

/** A row of 'Upcoming Sundays' (guide/sunday-planning.md#sunday-plans 'Upcoming Sunday summary'). */
export const upcomingSundaySchema = z.object({
  sundayDate: z.string(),
  seriesTitle: z.string().nullable(),
  videoCount: z.number().int(),
  slideCount: z.number().int(),
  socialCount: z.number().int(),
  isLocked: z.boolean(),
  readinessPct: readiness,
  badge: z.enum(READINESS_BADGES),
});
export type UpcomingSunday = z.infer<typeof upcomingSundaySchema>;

export const dashboardNoteSchema = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string(),
  status: z.string(),
  targetDate: z.string().nullable(),
});

export const runwayDashboardResponse = z.object({
  runways: z.array(runwaySummarySchema),
  globalReadinessPct: readiness,
  globalBadge: z.enum(READINESS_BADGES),
  upcomingSundays: z.array(upcomingSundaySchema),
  futureNotes: z.array(dashboardNoteSchema),
  /** The latest audit's score (admins only; null for everyone else, guide/sunday-planning.md#the-lock-rule). */
  healthScore: z.number().int().nullable(),
  /** The Event Promotions card (guide/sunday-planning.md#sunday-plans): approved or in-production events to come, and how many are ready. */
  eventPromotions: z.object({ upcoming: z.number().int(), ready: z.number().int() }),
});
export type RunwayDashboard = z.infer<typeof runwayDashboardResponse>;

/** A card of a runway view: one upcoming Sunday of that runway. */
export const runwaySundaySchema = z.object({
  sundayDate: z.string(),
  weekday: z.string(),
  isLocked: z.boolean(),
  readinessPct: readiness,
  badge: z.enum(READINESS_BADGES),
  /** The version of that runway's plan (0 while it has none). */
  version: z.number().int(),
});
export type RunwaySunday = z.infer<typeof runwaySundaySchema>;

export const runwaySundaysResponse = z.object({
  runway: runwaySchema,
  /** The church's time zone (IANA name): the view covers the next six Sundays in it. */
  timeZone: z.string(),
  sundays: z.array(runwaySundaySchema),
});
export type RunwaySundays = z.infer<typeof runwaySundaysResponse>;

/** A task row of a runway group: saved (with an id) or one of the runway's requirement items not saved yet. */
export const planItemSchema = z.object({
  id: z.string().nullable(),
  taskName: z.string(),
  taskDetails: z.string().nullable(),
  url: z.string().nullable(),
  fileUrl: z.string().nullable(),
  fileName: z.string().nullable(),
  isComplete: z.boolean(),
  assignee: person.nullable(),
  /** The assignee's answer (guide/sunday-planning.md#answering-an-assignment); a task not saved yet is pending. */
  response: z.enum(ASSIGNMENT_RESPONSES),
  responseReason: z.string().nullable(),
  badge: z.enum(SUNDAY_TASK_BADGES),
  isFileTask: z.boolean(),
  isScript: z.boolean(),
  /** What the task asks for: details or a link, a file, or only its check mark. */
  kind: z.enum(TASK_KINDS),
  /** From a recurring task: its Sunday less the task's days before; null for a one-off task. */
  dueDate: z.string().nullable(),
  /** A task added to this Sunday alone, not from a recurring task. */
  oneOff: z.boolean(),
});
export type PlanItem = z.infer<typeof planItemSchema>;

export const runwayGroupSchema = z.object({
  runway: runwaySchema,
  version: z.number().int(),
  readinessPct: readiness,
  items: z.array(planItemSchema),
});
export type RunwayGroup = z.infer<typeof runwayGroupSchema>;

export const sermonSchema = z.object({
  seriesId: z.string().nullable(),
  sermonTitle: z.string().nullable(),
  teachingPastorId: z.string().nullable(),
  scriptureReference: z.string().nullable(),
  mainIdea: z.string().nullable(),
  slidesNeeded: z.array(z.enum(SLIDES_NEEDED_OPTIONS)),
  status: z.enum(SERMON_STATUSES),
  ownerId: z.string().nullable(),
  /** Each role's answer (guide/sunday-planning.md#answering-an-assignment): the teaching pastor's and the owner's. */
  pastorResponse: z.enum(ASSIGNMENT_RESPONSES),
  pastorResponseReason: z.string().nullable(),
  ownerResponse: z.enum(ASSIGNMENT_RESPONSES),
  ownerResponseReason: z.string().nullable(),
});
export type Sermon = z.infer<typeof sermonSchema>;

export const sundayDetailResponse = z.object({
  sundayDate: z.string(),
  servicePlan: z.object({ id: z.string().nullable(), version: z.number().int() }),
  lock: z.object({
    isLocked: z.boolean(),
    /** Who locked it; null with a lock means the Thursday-noon job (shown as System). */
    lockedBy: z.string().nullable(),
    lockedAt: z.string().nullable(),
  }),
  readinessPct: readiness,
  /** Locks and unlocks of this Sunday, newest first (decision 0055). */
  lockLog: z.array(z.object({ action: z.enum(['locked', 'unlocked']), by: z.string().nullable(), at: z.string() })),
  groups: z.array(runwayGroupSchema),
  sermon: sermonSchema,
  sermonComplete: z.boolean(),
  seriesOptions: z.array(z.object({ id: z.string(), title: z.string() })),
  /** Assignee picker: active admins, coordinators and creatives (guide/sunday-planning.md#the-lock-rule). */
  assignees: z.array(person),
  /** Teaching pastor and owner pickers: those and approvers. */
  pastors: z.array(person),
  canEdit: z.boolean(),
  canLock: z.boolean(),
  /** An admin may unlock a locked Sunday. */
  canUnlock: z.boolean(),
  /** Coordinators and above add a one-off task while the Sunday is open to them. */
  canAddTask: z.boolean(),
});
export type SundayDetail = z.infer<typeof sundayDetailResponse>;

// ---------------------------------------------------------------- writes

/** Files of planning are served by the authorized route; a plan item keeps only such a link. */
export const PLANNING_FILE_URL = /^\/api\/planning-files\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const text = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => (v == null || v.trim() === '' ? null : v));

export const planItemInput = z.object({
  id: z.uuid().nullish(),
  taskName: z.string().trim().min(1).max(200),
  taskDetails: text(5000),
  url: text(2000),
  fileUrl: z
    .string()
    .regex(PLANNING_FILE_URL, SUNDAYS_MESSAGES.badFileUrl)
    .nullish()
    .transform((v) => v ?? null),
  isComplete: z.boolean().default(false),
  assignedToId: z
    .uuid()
    .nullish()
    .transform((v) => v ?? null),
});
export type PlanItemInput = z.input<typeof planItemInput>;

export const savePlanItemsBody = z.object({
  version: z.number().int().min(0),
  items: z.array(planItemInput).max(100),
  /** The coordinator was told someone newly assigned is blocked out on this Sunday and assigns anyway. */
  confirmBlockout: z.boolean().default(false),
});
export type SavePlanItemsBody = z.input<typeof savePlanItemsBody>;

export const savePlanItemsResponse = z.object({ saved: z.number().int(), version: z.number().int() });
export type SavePlanItemsResult = z.infer<typeof savePlanItemsResponse>;

export const saveSermonBody = z.object({
  version: z.number().int().min(0),
  seriesId: z
    .uuid()
    .nullish()
    .transform((v) => v ?? null),
  sermonTitle: text(300),
  teachingPastorId: z
    .uuid()
    .nullish()
    .transform((v) => v ?? null),
  scriptureReference: text(300),
  mainIdea: text(5000),
  slidesNeeded: z.array(z.enum(SLIDES_NEEDED_OPTIONS)).default([]),
  status: z.enum(SERMON_STATUSES).default('Planned'),
  ownerId: z
    .uuid()
    .nullish()
    .transform((v) => v ?? null),
  /** The coordinator was told a newly named teaching pastor or owner is blocked out on this Sunday and assigns anyway. */
  confirmBlockout: z.boolean().default(false),
});
export type SaveSermonBody = z.input<typeof saveSermonBody>;

export const saveSermonResponse = z.object({ version: z.number().int() });

export const lockSundayResponse = z.object({ sundayDate: z.string(), lockedAt: z.string(), lockedBy: z.string() });
export type LockSundayResult = z.infer<typeof lockSundayResponse>;

/** The upload route's answer (POST /api/sundays/:date/files?kind=plan, built with the media editor). */
export interface PlanningFileUpload {
  id: string;
  url: string;
  fileName: string;
  fileType: string;
  fileSize: number;
}

/** Unlock Sunday (admins, decision 0055). */
export const unlockSundayResponse = z.object({ sundayDate: z.string(), unlockedBy: z.string() });
export type UnlockSundayResult = z.infer<typeof unlockSundayResponse>;

/** A one-off task on one Sunday's runway plan (not from a recurring task). */
export const addOneOffTaskBody = z.object({
  version: z.number().int().min(0),
  taskName: z.string().trim().min(1, SUNDAYS_MESSAGES.taskNameRequired).max(200),
  kind: z.enum(TASK_KINDS).default('text'),
});
export type AddOneOffTaskBody = z.input<typeof addOneOffTaskBody>;
export const addOneOffTaskResponse = z.object({ id: z.string(), version: z.number().int() });
