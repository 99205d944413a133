/** Constants shared by the whole product (guide/README.md#where-the-numbers-live, guide/requests.md#tiers). */
export const MIN_PASSWORD_LENGTH = 8;
export const BELL_LATEST_COUNT = 5;
export const BELL_BADGE_CAP = 99;
export const TOAST_DEFAULT_DURATION_MS = 5000;
export const CHURCH_TIME_ZONE_DEFAULT = 'America/New_York';
export const MAX_FILES_PER_REQUEST = 5;
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const ACCEPTED_FILE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.pdf', '.docx', '.xlsx'] as const;
export const SHORT_DESCRIPTION_MAX = 150;
export const COMPLETENESS_THRESHOLD = 60;
export const PROMOTION_LEAD_MIN_WEEKS = 2;
export const DEFAULT_PROMOTION_WEEKS_BEFORE_EVENT = 3;
export const DRAFT_AUTOSAVE_MS = 1000;
export const TASK_LIST_REFRESH_MS = 60_000;
export const DUE_SOON_DAYS = 7;
export const RUNWAY_WEEKS = 6;

/** The badge text for an unread count: "99+" above 99. */
export function badgeCount(count: number): string {
  return count > BELL_BADGE_CAP ? `${BELL_BADGE_CAP}+` : String(count);
}
