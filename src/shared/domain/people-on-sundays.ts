import { addDaysIso, daysBetween } from './dates';
import { WORKLOAD_FULL_TASKS } from './tasks';

/**
 * People on Sundays (guide/sunday-planning.md#answering-an-assignment, #blockout-dates,
 * #replacements): an assignment (a runway task of a Sunday, or a request's task) waits for its
 * person's answer, people keep the days they cannot serve, and a coordinator picking someone sees
 * who is away, who said no and who is already full that week.
 */

export const ASSIGNMENT_RESPONSES = ['pending', 'accepted', 'declined'] as const;
export type AssignmentResponse = (typeof ASSIGNMENT_RESPONSES)[number];

export const RESPONSE_LABELS: Record<AssignmentResponse, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  declined: 'Declined',
};

/**
 * What can be answered: a request's task ('item') and every piece of Sunday work that names a
 * person: a runway task ('task'), a video, a social post and the sermon's two roles (their id is
 * the Sunday's service plan). A weekly slide has an owner but is not asked.
 */
export const ANSWERABLE_KINDS = ['task', 'item', 'video', 'post', 'sermon_pastor', 'sermon_owner'] as const;
export type AnswerableKind = (typeof ANSWERABLE_KINDS)[number];
/** The answerable kinds that are Sunday work (all but a request's task). */
export type SundayAnswerableKind = Exclude<AnswerableKind, 'item'>;
export const SUNDAY_ANSWERABLE_KINDS = ANSWERABLE_KINDS.filter((k): k is SundayAnswerableKind => k !== 'item');
/** Sunday work beside the runway tasks: what the media editors and Message Details assign. */
export const SUNDAY_ROLE_KINDS = ['video', 'post', 'sermon_pastor', 'sermon_owner'] as const satisfies readonly SundayAnswerableKind[];

export const isAnswerable = (kind: string): kind is AnswerableKind => (ANSWERABLE_KINDS as readonly string[]).includes(kind);

/** How long a link in an assignment e-mail answers for its person. */
export const RESPONSE_LINK_DAYS = 14;

/** The longest blockout one entry holds. */
export const BLOCKOUT_MAX_DAYS = 366;

export const PEOPLE_MESSAGES = {
  notYours: 'Only the person this work is assigned to can answer for it.',
  notFound: 'That assignment no longer exists.',
  linkInvalid: 'This link is not valid. Open the work in Lampstand to answer.',
  linkExpired: 'This link has expired. Open the work in Lampstand to answer.',
  linkMoved: 'This work is no longer assigned to you, so there is nothing to answer.',
  accepted: 'Thanks: you accepted.',
  declined: 'Thanks: you declined, and the coordinators were told.',
  blockedOut: (name: string, date: string) => `${name} is blocked out on ${date}. Assign them anyway only if you have checked with them.`,
  blockoutStart: 'Choose the first day.',
  blockoutEnd: 'The last day cannot be before the first.',
  blockoutTooLong: `A blockout covers at most ${BLOCKOUT_MAX_DAYS} days.`,
  blockoutPast: 'A blockout cannot end in the past.',
  blockoutNotFound: 'That blockout no longer exists.',
} as const;

/** The error code of an assignment refused because its person is blocked out that day. */
export const BLOCKED_OUT_CODE = 'blocked_out';

/** True when the blockout [startsOn, endsOn] covers the date (ISO dates compare as strings). */
export function blockoutCovers(b: { startsOn: string; endsOn: string }, date: string): boolean {
  return b.startsOn <= date && date <= b.endsOn;
}

/** The first problem of a blockout's days, or null (today: church time). */
export function blockoutProblem(startsOn: string, endsOn: string, today: string): string | null {
  if (endsOn < startsOn) return PEOPLE_MESSAGES.blockoutEnd;
  if (endsOn < today) return PEOPLE_MESSAGES.blockoutPast;
  if (daysBetween(startsOn, endsOn) + 1 > BLOCKOUT_MAX_DAYS) return PEOPLE_MESSAGES.blockoutTooLong;
  return null;
}

/**
 * The week a date's load is counted in: Monday to Sunday, ending on the Sunday of that week (a
 * Sunday is the last day of its own week).
 */
export function loadWeekOf(date: string): { from: string; to: string } {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 Sunday
  const to = addDaysIso(date, weekday === 0 ? 0 : 7 - weekday);
  return { from: addDaysIso(to, -6), to };
}

/** At or over the workload rule's full load (guide/reports.md#accountability-and-gaps): one more is too many. */
export const isFull = (openThatWeek: number) => openThatWeek >= WORKLOAD_FULL_TASKS;

/** A person as a picker sees them for one day. */
export interface Availability {
  id: string;
  fullName: string;
  role: string;
  /** The blockout covering the day (its reason only for the person and coordinators), or null. */
  blockout: { startsOn: string; endsOn: string; reason: string | null } | null;
  /** They declined this work, or other work of that day. */
  declined: boolean;
  /** Their open assignments in the day's week. */
  weekLoad: number;
}

export const SUGGESTIONS_SHOWN = 5;

/**
 * Replacements for an assignment (guide/sunday-planning.md#replacements): people of the role
 * asked for (any role when null) who are free that day (no blockout, nothing declined), not the
 * person being replaced, least loaded that week first, then by name.
 */
export function suggestReplacements(people: Availability[], role: string | null, excludeId: string | null): Availability[] {
  return people
    .filter((p) => p.id !== excludeId && (role === null || p.role === role) && !p.blockout && !p.declined)
    .sort((a, b) => a.weekLoad - b.weekLoad || a.fullName.localeCompare(b.fullName) || a.id.localeCompare(b.id))
    .slice(0, SUGGESTIONS_SHOWN);
}

/** The short marks a picker shows beside a name. */
export function availabilityMarks(p: Availability): string[] {
  const marks: string[] = [];
  if (p.blockout) marks.push('blocked out');
  if (p.declined) marks.push('declined');
  if (isFull(p.weekLoad)) marks.push(`${p.weekLoad} this week`);
  return marks;
}
