import { addDaysIso } from './dates';
import type { TaskKind } from './planning';

/**
 * Runways as data (decision 0055): the rules a runway's recurring tasks follow on each Sunday,
 * pure so the server, the screens and the property tests share one reading.
 */

export const MAX_DAYS_BEFORE = 365;

/** A recurring task's due date on a Sunday: that many calendar days before it (a date, so daylight saving never moves it). */
export function taskDueDate(sundayDate: string, daysBefore: number): string {
  return addDaysIso(sundayDate, -daysBefore);
}

export interface SundayItemFacts {
  isComplete: boolean;
  assignedToId: string | null;
  taskDetails: string | null;
  url: string | null;
  fileUrl: string | null;
}

const blank = (value: string | null) => !value || value.trim() === '';

/**
 * Whether nobody has worked on a Sunday's item yet: not done, no details, no link, no file, and
 * still with the assignee its recurring task gave it. Only such items follow an edit of their
 * recurring task (or leave with its archiving); anything worked on is the Sunday's own.
 */
export function untouchedItem(item: SundayItemFacts, defaultAssigneeId: string | null): boolean {
  return (
    !item.isComplete &&
    blank(item.taskDetails) &&
    blank(item.url) &&
    blank(item.fileUrl) &&
    (item.assignedToId ?? null) === (defaultAssigneeId ?? null)
  );
}

/** A runway's code from its name: 'Kids & Family' -> 'kids-family'; 'runway' when nothing is left. */
export function runwayCodeFrom(name: string): string {
  const code = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
  return code || 'runway';
}

/** Addresses under /runways that are pages of their own, never a runway's code. */
export const RESERVED_CODES: ReadonlySet<string> = new Set(['manage', 'planning', 'dashboard', 'schedule', 'templates']);

/** The first of code, code-2, code-3, ... that is neither taken nor reserved. */
export function freeCode(code: string, taken: ReadonlySet<string>): string {
  const free = (c: string) => !taken.has(c) && !RESERVED_CODES.has(c);
  if (free(code)) return code;
  for (let n = 2; ; n++) if (free(`${code}-${n}`)) return `${code}-${n}`;
}

export interface StandardTask {
  name: string;
  kind: TaskKind;
  daysBefore: number;
}
export interface StandardRunway {
  code: string;
  name: string;
  color: string;
  tasks: StandardTask[];
}

const task = (name: string, kind: TaskKind, daysBefore: number): StandardTask => ({ name, kind, daysBefore });

/**
 * The standard runways: the pre-fill an admin of a church without runways adds in one action (as
 * offered or edited), and what the demo church plans with.
 */
export const STANDARD_RUNWAYS: readonly StandardRunway[] = [
  {
    code: 'message',
    name: 'Message',
    color: '#4f46e5',
    tasks: [
      task('Sermon title and scripture', 'text', 10),
      task('Message slide deck', 'file', 3),
      task('Sermon bumper', 'file', 4),
      task('Sermon graphics', 'file', 7),
    ],
  },
  {
    code: 'generosity',
    name: 'Generosity',
    color: '#059669',
    tasks: [task('Giving moment script', 'text', 5), task('Giving slide', 'file', 3), task('QR bundle', 'file', 3)],
  },
  {
    code: 'logistics',
    name: 'Logistics',
    color: '#d97706',
    tasks: [task('Run of show', 'text', 2), task('Volunteer schedule', 'text', 7), task('Stage plot', 'text', 3)],
  },
  {
    code: 'media',
    name: 'Media',
    color: '#db2777',
    tasks: [task('Announcement video', 'text', 4), task('Walk-in loop', 'text', 3), task('Social posts scheduled', 'check', 2)],
  },
  {
    code: 'announcements',
    name: 'Announcements',
    color: '#0284c7',
    tasks: [task('Stage announcement script', 'text', 4), task('Announcement slides', 'text', 3), task('Bulletin copy', 'text', 5)],
  },
];

/** Colours offered for a runway (any #rrggbb is accepted). */
export const RUNWAY_COLORS = ['#4f46e5', '#059669', '#d97706', '#db2777', '#0284c7', '#7c3aed', '#dc2626', '#475569'] as const;
export const COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** Activity log entries of no request (decision 0055): their new_value is the subject (a Sunday's date, a runway's id). */
export const SUNDAY_UNLOCKED = 'sunday_unlocked';
export const SUNDAY_LOCKED = 'sunday_locked';
export const RUNWAY_CHANGED = 'runway_changed';
