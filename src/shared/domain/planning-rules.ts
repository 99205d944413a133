import { FILE_TASK_SLUGS, READINESS_AT_RISK, READINESS_ON_TRACK, type SundayTaskBadge, type ReadinessBadge } from './planning';

/**
 * The rules of Sunday planning (spec 002 sections 2, 4, 5 and 9; DESIGN 5.13), pure so the
 * server, the dialogs and the property tests share one reading.
 */

export interface PlanItemFacts {
  isComplete: boolean;
  assignedToId?: string | null;
  taskDetails?: string | null;
  url?: string | null;
  fileUrl?: string | null;
}

const filled = (value: string | null | undefined) => !!value && value.trim() !== '';
const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/** A plan's readiness: the share of its items that are done, in percent; 100 when it has none (spec 002 section 9). */
export function planReadiness(items: ReadonlyArray<Pick<PlanItemFacts, 'isComplete'>>): number {
  if (items.length === 0) return 100;
  return Math.round((items.filter((i) => i.isComplete).length / items.length) * 100);
}

/** A Sunday's readiness: the mean of its runway plans' readiness, rounded; 100 with no plans. */
export function sundayReadiness(planPercents: readonly number[]): number {
  return planPercents.length === 0 ? 100 : Math.round(mean([...planPercents]));
}

/** A runway's readiness: the mean of its plans over the next six Sundays, rounded; 100 with none. */
export function runwayReadiness(sundayPercents: readonly number[]): number {
  return sundayPercents.length === 0 ? 100 : Math.round(mean([...sundayPercents]));
}

/** Global readiness: the rounded mean of the runways' percentages (spec 002 section 9); 100 with no runways. */
export function globalReadiness(runwayPercents: readonly number[]): number {
  return runwayPercents.length === 0 ? 100 : Math.round(mean([...runwayPercents]));
}

/** On Track at 70 percent or more, At Risk from 40 to under 70, Behind below 40 (spec 002 section 9). */
export function readinessBadge(percent: number): ReadinessBadge {
  if (percent >= READINESS_ON_TRACK) return 'On Track';
  if (percent >= READINESS_AT_RISK) return 'At Risk';
  return 'Behind';
}

/** The Sunday task badge (spec 002 section 4), checked in this order. */
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
 * The save rule (spec 002 section 5): a row is written only when it already exists or carries
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

/** File-type tasks (spec 002 section 2) get an upload: the spec's slugs, and any task named a 'file'. */
export function isFileTask(taskName: string): boolean {
  const slug = taskSlug(taskName);
  return (FILE_TASK_SLUGS as readonly string[]).includes(slug) || slug.split('_').includes('file');
}

/** Tasks whose name contains 'script' use a multi-line details field (spec 002 section 2). */
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

/** The System Health score (spec 002 section 9): (passed + 0.5 per warning) / total x 100, rounded; 100 with no entries. */
export function healthScore(statuses: readonly string[]): number {
  if (statuses.length === 0) return 100;
  const passed = statuses.filter((s) => s === 'Passed').length;
  const warnings = statuses.filter((s) => s === 'Warning').length;
  return Math.round(((passed + 0.5 * warnings) / statuses.length) * 100);
}
