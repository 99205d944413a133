import {
  FILE_TASK_SLUGS,
  type TaskKind,
  READINESS_AT_RISK,
  READINESS_ON_TRACK,
  type SundayTaskBadge,
  type ReadinessBadge,
} from './planning';

/**
 * The rules of Sunday planning (guide/sunday-planning.md#readiness; guide/sunday-planning.md#readiness), pure so the
 * server, the dialogs and the property tests share one reading.
 */

export interface PlanItemFacts {
  isComplete: boolean;
  /** The task's kind: details or a link (text), a file, or a check only; absent reads as a check. */
  kind?: TaskKind | null;
  assignedToId?: string | null;
  taskDetails?: string | null;
  url?: string | null;
  fileUrl?: string | null;
}

const filled = (value: string | null | undefined) => !!value && value.trim() !== '';
const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/**
 * Whether a task counts as done for readiness: its content, not only its tick. A details-or-link
 * task needs its details or its link, a file task its file; a check-only task counts its tick.
 */
export function planItemDone(item: Pick<PlanItemFacts, 'isComplete' | 'kind' | 'taskDetails' | 'url' | 'fileUrl'>): boolean {
  if (!item.isComplete) return false;
  if (item.kind === 'text') return filled(item.taskDetails) || filled(item.url);
  if (item.kind === 'file') return filled(item.fileUrl);
  return true;
}

/**
 * A plan's readiness: the share of its items that are done (`planItemDone`), in percent. A plan
 * with no items is not planned (null), never 100: a church that has set nothing up is not on track
 * (decision 0055).
 */
export function planReadiness(
  items: ReadonlyArray<Pick<PlanItemFacts, 'isComplete' | 'kind' | 'taskDetails' | 'url' | 'fileUrl'>>,
): number | null {
  if (items.length === 0) return null;
  return Math.round((items.filter(planItemDone).length / items.length) * 100);
}

/** The rounded mean of the planned percentages; null (not planned) when none is. */
function meanOfPlanned(percents: ReadonlyArray<number | null>): number | null {
  const planned = percents.filter((p): p is number => p !== null);
  return planned.length === 0 ? null : Math.round(mean(planned));
}

/** A Sunday's readiness: the mean of its planned runway plans, rounded; not planned (null) when none has a task. */
export const sundayReadiness = (planPercents: ReadonlyArray<number | null>): number | null => meanOfPlanned(planPercents);

/** A runway's readiness: the mean of its planned Sundays of the window, rounded; null when none is planned. */
export const runwayReadiness = (sundayPercents: ReadonlyArray<number | null>): number | null => meanOfPlanned(sundayPercents);

/** Global readiness: the rounded mean of the planned runways' percentages (guide/sunday-planning.md#readiness); null when none is planned. */
export const globalReadiness = (runwayPercents: ReadonlyArray<number | null>): number | null => meanOfPlanned(runwayPercents);

/** On Track at 70 percent or more, At Risk from 40 to under 70, Behind below 40 (guide/sunday-planning.md#readiness); Not Planned without tasks. */
export function readinessBadge(percent: number | null): ReadinessBadge {
  if (percent === null) return 'Not Planned';
  if (percent >= READINESS_ON_TRACK) return 'On Track';
  if (percent >= READINESS_AT_RISK) return 'At Risk';
  return 'Behind';
}

/** The Sunday task badge (guide/sunday-planning.md#readiness), checked in this order. */
export function sundayTaskBadge(item: PlanItemFacts): SundayTaskBadge {
  if (item.isComplete) return 'complete';
  if (item.assignedToId) return 'in_progress';
  if (filled(item.taskDetails) || filled(item.url)) return 'needs_assignee';
  return 'not_started';
}

/** Whether a row carries anything worth keeping: done, an assignee, details, a URL or a file. */
export function hasPlanContent(item: PlanItemFacts): boolean {
  return item.isComplete || !!item.assignedToId || filled(item.taskDetails) || filled(item.url) || filled(item.fileUrl);
}

/**
 * The save rule (guide/sunday-planning.md#readiness): a row is written only when it already exists or carries
 * any of done, assignee, details, url or file. None written means 'No changes to save.'.
 */
export function rowsToSave<T extends PlanItemFacts & { id?: string | null }>(items: readonly T[]): T[] {
  return items.filter((item) => !!item.id || hasPlanContent(item));
}

/** A task name as a slug: 'Message slide deck' -> 'message_slide_deck'. */
export function taskSlug(taskName: string): string {
  return taskName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** File-type tasks (guide/sunday-planning.md#readiness) get an upload: the spec's slugs, and any task named a 'file'. */
export function isFileTask(taskName: string): boolean {
  const slug = taskSlug(taskName);
  return (FILE_TASK_SLUGS as readonly string[]).includes(slug) || slug.split('_').includes('file');
}

/** Tasks whose name contains 'script' use a multi-line details field (guide/sunday-planning.md#readiness). */
export function isScriptTask(taskName: string): boolean {
  return taskName.toLowerCase().includes('script');
}

export interface SermonFacts {
  seriesId?: string | null;
  sermonTitle?: string | null;
  teachingPastorId?: string | null;
  scriptureReference?: string | null;
}

/** Message Details shows its check mark when series, sermon title, teaching pastor and scripture are all filled. */
export function sermonComplete(sermon: SermonFacts | null | undefined): boolean {
  if (!sermon) return false;
  return filled(sermon.seriesId) && filled(sermon.sermonTitle) && filled(sermon.teachingPastorId) && filled(sermon.scriptureReference);
}

/** The System Health score (guide/sunday-planning.md#readiness): (passed + 0.5 per warning) / total x 100, rounded; 100 with no entries. */
export function healthScore(statuses: readonly string[]): number {
  if (statuses.length === 0) return 100;
  const passed = statuses.filter((s) => s === 'Passed').length;
  const warnings = statuses.filter((s) => s === 'Warning').length;
  return Math.round(((passed + 0.5 * warnings) / statuses.length) * 100);
}
