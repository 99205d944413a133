/** The church's nudge settings (Admin > Church settings), in days. */
export interface NudgeSettings {
  /** A proof waits this long for approval before its approver is reminded. */
  proofNudgeDays: number;
  /** ... and this much longer before the request's coordinator is reminded too. */
  nudgeEscalateDays: number;
  /** Work stays in one stage (Submitted, In Progress) this long before its assignee is reminded. */
  stageStuckDays: number;
}

export const DEFAULT_NUDGE_SETTINGS: NudgeSettings = { proofNudgeDays: 2, nudgeEscalateDays: 2, stageStuckDays: 5 };

/** Each setting is a whole number of days from 1 to this. */
export const NUDGE_MAX_DAYS = 60;
