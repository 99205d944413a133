import { z } from 'zod';
import { ANSWERABLE_KINDS, ASSIGNMENT_RESPONSES, PEOPLE_MESSAGES, SUNDAY_ROLE_KINDS } from '../domain/people-on-sundays';

/**
 * API contract of people on Sundays (guide/sunday-planning.md#answering-an-assignment,
 * #blockout-dates, #replacements, #the-schedule): answers, the signed links of assignment e-mails,
 * blockouts, a picker's availability and the schedule.
 */

const isoDate = z.iso.date();
const reason = z
  .string()
  .trim()
  .max(500)
  .nullish()
  .transform((v) => (v ? v : null));

export const responseStateSchema = z.object({
  response: z.enum(ASSIGNMENT_RESPONSES),
  /** A decline's reason, when the person gave one. */
  responseReason: z.string().nullable(),
});
export type ResponseState = z.infer<typeof responseStateSchema>;

// ---------------------------------------------------------------- answering

export const answerParams = z.object({ kind: z.enum(ANSWERABLE_KINDS), id: z.uuid() });
export const answerBody = z.object({ response: z.enum(['accepted', 'declined']), reason });
export type AnswerBody = z.input<typeof answerBody>;
export const answerResponse = z.object({ kind: z.enum(ANSWERABLE_KINDS), id: z.string() }).extend(responseStateSchema.shape);
export type AnswerResult = z.infer<typeof answerResponse>;

/** The signed link of an assignment e-mail: what it is about (GET reads, never acts). */
export const linkQuery = z.object({ token: z.string().min(10).max(400) });
export const linkResponse = z.object({
  kind: z.enum(ANSWERABLE_KINDS),
  id: z.string(),
  title: z.string(),
  /** The Sunday, or the task's due date. */
  date: z.string().nullable(),
  personName: z.string(),
  response: z.enum(ASSIGNMENT_RESPONSES),
  responseReason: z.string().nullable(),
});
export type LinkAbout = z.infer<typeof linkResponse>;
export const linkAnswerBody = z.object({ token: z.string().min(10).max(400), response: z.enum(['accepted', 'declined']), reason });

// ---------------------------------------------------------------- blockouts

export const blockoutSchema = z.object({
  id: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  reason: z.string().nullable(),
});
export type Blockout = z.infer<typeof blockoutSchema>;
export const blockoutListResponse = z.object({ items: z.array(blockoutSchema) });
export type BlockoutList = z.infer<typeof blockoutListResponse>;
export const blockoutBody = z.object({
  startsOn: z.iso.date(PEOPLE_MESSAGES.blockoutStart),
  /** The last day; omitted for a single day. */
  endsOn: isoDate.nullish(),
  reason,
});
export type BlockoutBody = z.input<typeof blockoutBody>;
export const blockoutParams = z.object({ id: z.uuid() });
export const personParams = z.object({ id: z.uuid() });

// ---------------------------------------------------------------- availability

export const availabilitySchema = z.object({
  id: z.string(),
  fullName: z.string(),
  role: z.string(),
  blockout: z.object({ startsOn: z.string(), endsOn: z.string(), reason: z.string().nullable() }).nullable(),
  declined: z.boolean(),
  weekLoad: z.number().int(),
});
export const availabilityQuery = z.object({ date: isoDate });
export const replacementSchema = z.object({
  kind: z.enum(ANSWERABLE_KINDS),
  id: z.string(),
  /** The person who declined it or is blocked out that day. */
  assigneeId: z.string(),
  /** Replacements, best first (ids of `people`). */
  suggestions: z.array(z.string()),
});
export type Replacement = z.infer<typeof replacementSchema>;
export const availabilityResponse = z.object({
  date: z.string(),
  people: z.array(availabilitySchema),
  /** Every assignment of the day whose person declined it or is blocked out, with its replacements. */
  replacements: z.array(replacementSchema),
  /** Replacements for an open slot of the day (anyone free, any role), best first. */
  openSuggestions: z.array(z.string()),
});
export type AvailabilityAnswer = z.infer<typeof availabilityResponse>;

// ---------------------------------------------------------------- the schedule

export const SCHEDULE_WEEKS = 6;
export const SCHEDULE_MAX_WEEKS = 12;

/** What the schedule screen (/runways/schedule) says. */
export const SCHEDULE_MESSAGES = {
  title: 'Schedule',
  subtitle: 'Who serves on each Sunday, who said no, and what is still open.',
  loading: 'Loading the schedule...',
  fetchFailed: 'The schedule could not be loaded.',
  onlyBusy: 'Only people with work or blockouts',
  showEveryone: (count: number) => `Show everyone (${count})`,
  showMore: 'Show more Sundays',
  caption: 'Tasks of each person on each Sunday',
  person: 'Person',
  openRow: 'Open and declined',
  allFilled: 'All filled',
  openWorkLabel: (date: string) => `Open and declined media and sermon work on ${date}`,
  fillWork: (kind: string, title: string, date: string) => `Fill ${kind}: ${title} on ${date}`,
  openOnSunday: 'Open it on its Sunday',
  workGone: 'This work is no longer on its Sunday. The schedule has been reloaded.',
  /** An open task's button, read out as 'Fill {task} {runway} on {date} open'. */
  fillVerb: 'Fill',
  onDate: (date: string) => `on ${date}`,
  openTask: 'open',
  empty: 'No one has work or blockouts on these Sundays yet.',
  assigned: 'Assigned',
  assignedText: (taskName: string, date: string, name: string) => `${taskName} on ${date}: ${name}`,
  assignFailed: 'The task was not assigned',
  fill: (taskName: string, runwayName: string, date: string) => `Fill ${taskName} (${runwayName}) on ${date}`,
  loadingFree: 'Loading who is free...',
  freeFailed: 'Who is free could not be loaded.',
  suggested: 'Suggested',
  noSuggestions: 'No one of the same role is free that day.',
  suggestedLabel: 'Suggested replacements',
  assignSuggested: (name: string, weekLoad: number) => `Assign ${name} (${weekLoad} that week)`,
  chooseAnyone: 'Or choose anyone',
  choosePerson: 'Choose a person',
  assign: 'Assign',
  close: 'Close',
} as const;

export const scheduleQuery = z.object({
  /** The first Sunday shown; today's next Sunday when omitted. */
  from: isoDate.optional(),
  weeks: z.coerce.number().int().min(1).max(SCHEDULE_MAX_WEEKS).default(SCHEDULE_WEEKS),
});

export const scheduleTaskSchema = z.object({
  /** Null for a recurring task not saved on its Sunday yet. */
  id: z.string().nullable(),
  sundayDate: z.string(),
  runwayId: z.string(),
  taskName: z.string(),
  runwayName: z.string(),
  runwayCode: z.string(),
  assigneeId: z.string().nullable(),
  isComplete: z.boolean(),
  isLocked: z.boolean(),
  response: z.enum(ASSIGNMENT_RESPONSES),
  responseReason: z.string().nullable(),
});
export type ScheduleTask = z.infer<typeof scheduleTaskSchema>;

/** A video, social post or sermon role of a Sunday shown, with its person's answer. */
export const scheduleWorkSchema = z.object({
  kind: z.enum(SUNDAY_ROLE_KINDS),
  id: z.string(),
  sundayDate: z.string(),
  title: z.string(),
  /** No one yet: an open slot the schedule may fill. */
  assigneeId: z.string().nullable(),
  response: z.enum(ASSIGNMENT_RESPONSES),
  responseReason: z.string().nullable(),
  /** Its Sunday is locked: not filled from the schedule. */
  isLocked: z.boolean(),
});
export type ScheduleWork = z.infer<typeof scheduleWorkSchema>;

export const scheduleResponse = z.object({
  sundays: z.array(z.string()),
  /** `isExternal`: the Church Media Squad, who takes tasks but owns no video, post or sermon role. */
  people: z.array(z.object({ id: z.string(), fullName: z.string(), role: z.string(), isExternal: z.boolean() })),
  /** Every task of the Sundays shown: a person's, an open slot (no assignee) or a declined one. */
  tasks: z.array(scheduleTaskSchema),
  blockouts: z.array(blockoutSchema.extend({ userId: z.string() })),
  /** The other Sunday work of those Sundays, assigned or open: videos, social posts and sermon roles. */
  work: z.array(scheduleWorkSchema),
  /** The weeks shown could go on (the schedule reaches at most SCHEDULE_MAX_WEEKS Sundays). */
  canShowMore: z.boolean(),
});
export type Schedule = z.infer<typeof scheduleResponse>;

/** One task of one Sunday's runway, by its name on the plan (the plan's own key), saved or not yet. */
export const scheduleAssignBody = z.object({
  sundayDate: isoDate,
  runwayId: z.uuid(),
  taskName: z.string().trim().min(1).max(200),
  assigneeId: z.uuid(),
  /** The coordinator was told the person is blocked out that day and assigns anyway. */
  confirmBlockout: z.boolean().default(false),
});
export type ScheduleAssignBody = z.input<typeof scheduleAssignBody>;
export const scheduleAssignResponse = scheduleTaskSchema;

// ---------------------------------------------------------------- the church's setting

export const assignWithoutAskingSchema = z.object({
  enabled: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
export type AssignWithoutAskingSetting = z.infer<typeof assignWithoutAskingSchema>;
export const assignWithoutAskingBody = z.object({ enabled: z.boolean() });
