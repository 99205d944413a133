import { addDaysIso } from './dates';
import { formatDueDate } from './tasks';

/**
 * Sunday work (decision 0058): the pieces of a Sunday that are one person's to do, and so reach
 * them like request tasks do: a plan item of a runway ('task'), a video, a social post, and the
 * sermon's roles (teaching pastor and owner: told, but not a task to complete). A weekly slide
 * is a 'slide'.
 */
export const SUNDAY_WORK_KINDS = ['task', 'video', 'slide', 'post'] as const;
export type SundayWorkKind = (typeof SUNDAY_WORK_KINDS)[number];
export type SundayAssignmentKind = SundayWorkKind | 'sermon_pastor' | 'sermon_owner';

export const SUNDAY_WORK_KIND_LABELS: Record<SundayAssignmentKind, string> = {
  task: 'Sunday task',
  video: 'Sunday video',
  slide: 'Sunday slide',
  post: 'Social post',
  sermon_pastor: 'Teaching pastor',
  sermon_owner: 'Sermon owner',
};

/**
 * Video statuses of unfinished work; ready, scheduled and played finish it. The partial index
 * `sunday_video_items_open_owner_idx` (schema.ts) has the same list.
 */
export const VIDEO_OPEN_STATUSES = ['planned', 'in_production', 'review'] as const;
/** Social post statuses of unfinished work; scheduled, posted and canceled finish it (`social_media_posts_open_owner_idx`). */
export const POST_OPEN_STATUSES = ['Planned', 'Draft'] as const;

/**
 * When a piece of Sunday work is due: the Sunday itself, or `daysBefore` days earlier where the
 * runway's recurring task says so. The one place the due date is computed (its SQL twin is
 * `sundayWorkDueSql` in the tasks module's queries), so an offset read from the runway later
 * changes only the argument.
 */
export function sundayWorkDue(sundayDate: string, daysBefore = 0): string {
  return daysBefore > 0 ? addDaysIso(sundayDate, -daysBefore) : sundayDate;
}

/** The Sunday's page, opened on one piece of work (the editor scrolls to it and focuses it). */
export function sundayWorkPath(sundayDate: string, kind: SundayAssignmentKind, id: string): string {
  return `/sundays/${sundayDate}?focus=${kind}:${id}`;
}

/** Reads `?focus=kind:id`; null for anything else. */
export function parseSundayFocus(value: string | null | undefined): { kind: SundayAssignmentKind; id: string } | null {
  const m = /^(task|video|slide|post|sermon_pastor|sermon_owner):([0-9a-f-]{36})$/i.exec(value ?? '');
  return m ? { kind: m[1] as SundayAssignmentKind, id: m[2] } : null;
}

/** 'Sunday Jan 5, 2031': how a notification and the digest name the Sunday. */
export const sundayTitle = (sundayDate: string) => `Sunday ${formatDueDate(sundayDate)}`;
