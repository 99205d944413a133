/** Enumerations of the planning area (guide/sunday-planning.md#sunday-plans, #the-sunday-plan-dialog). */
/** The codes of the standard runways (the pre-fill and the demo); a church's runways are data with any code (decision 0055). */
export const RUNWAY_CODES = ['message', 'generosity', 'logistics', 'media', 'announcements'] as const;
/** A runway's address, /runways/{code}: lower-case words joined by hyphens. */
export type RunwayCode = string;
export const RUNWAY_CODE_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** What a task asks for on a Sunday: details or a link, a file, or only its check mark. */
export const TASK_KINDS = ['text', 'file', 'check'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];
export const TASK_KIND_LABELS: Record<TaskKind, string> = { text: 'Details or link', file: 'File', check: 'Check only' };

export const SERMON_STATUSES = ['Planned', 'In Progress', 'Finalized', 'Delivered'] as const;
export const SLIDES_NEEDED_OPTIONS = ['Title Slide', 'Scripture Slide', 'Key Point Slides', 'Closing Slide'] as const;

export const VIDEO_TYPES = ['impact_in_one', 'promo', 'story', 'mission', 'announcement', 'testimony', 'other'] as const;
export const VIDEO_STATUSES = ['planned', 'in_production', 'review', 'ready', 'scheduled', 'played'] as const;

export const SLIDE_TYPES = ['recurring', 'weekly'] as const;

export const SOCIAL_PLATFORMS = ['Facebook', 'Instagram', 'Threads', 'YouTube', 'TikTok', 'LinkedIn', 'X (Twitter)'] as const;
export const SOCIAL_POST_TYPES = ['Static Image', 'Carousel', 'Story', 'Reel', 'Video', 'Event', 'Link Post'] as const;
export const SOCIAL_STATUSES = ['Planned', 'Draft', 'Scheduled', 'Posted', 'Canceled'] as const;

export const FUTURE_NOTE_CATEGORIES = ['sunday', 'videos', 'slides', 'social', 'campaign', 'event', 'other'] as const;
export const FUTURE_NOTE_STATUSES = ['draft', 'planned', 'moved_to_runway', 'archived'] as const;

export const HEALTH_STATUSES = ['Passed', 'Warning', 'Failed'] as const;
export const HEALTH_SEVERITIES = ['Info', 'Low', 'Medium', 'High', 'Critical'] as const;

/** Answers of the Sunday-planning guard (decision 0014); the lock sentence is the spec's. */
export const SUNDAY_MESSAGES = {
  lockedNotice: 'No further changes can be made by non-admins.',
  locked: 'This Sunday is locked. No further changes can be made by non-admins.',
  stale: 'Someone else saved changes to this Sunday since you opened it. Your edits are still here; reload to see theirs.',
  notSunday: 'That date is not a Sunday.',
} as const;

/** File-type tasks of the Sunday plan dialog (guide/sunday-planning.md#the-runways-dashboard), matched by the task name's slug. */
export const FILE_TASK_SLUGS = [
  'file_upload',
  'sermon_graphics',
  'qr_bundle',
  'message_slide_deck',
  'giving_slide',
  'sermon_bumper',
] as const;

/** Readiness badges (guide/sunday-planning.md#readiness): On Track at 70 or more, At Risk from 40, Behind below. */
export const READINESS_ON_TRACK = 70;
export const READINESS_AT_RISK = 40;
/** 'Not Planned': a Sunday (or runway) with no tasks at all has no readiness, never 100 (decision 0055). */
export const READINESS_BADGES = ['On Track', 'At Risk', 'Behind', 'Not Planned'] as const;
export const NOT_PLANNED = 'Not planned';
export type ReadinessBadge = (typeof READINESS_BADGES)[number];

/** The Sunday task badge (guide/sunday-planning.md#the-sunday-plan-dialog) and how it reads. */
export const SUNDAY_TASK_BADGES = ['complete', 'in_progress', 'needs_assignee', 'not_started'] as const;
export type SundayTaskBadge = (typeof SUNDAY_TASK_BADGES)[number];
export const SUNDAY_TASK_BADGE_LABELS: Record<SundayTaskBadge, string> = {
  complete: 'Complete',
  in_progress: 'In Progress',
  needs_assignee: 'Needs Assignee',
  not_started: 'Not Started',
};

/** Future notes on the dashboard (guide/sunday-planning.md#readiness). */
export const DASHBOARD_NOTES = 5;
