import { sql, type SQL } from 'drizzle-orm';
import { PLANNING_FILE_URL, type PlanItem } from '../../shared/api/sundays';
import type { RunwayCode, TaskKind } from '../../shared/domain/planning';
import type { AssignmentResponse } from '../../shared/domain/people-on-sundays';
import { taskDueDate } from '../../shared/domain/runway-setup';
import { isFileTask, isScriptTask, planReadiness, sundayReadiness, sundayTaskBadge } from '../../shared/domain/planning-rules';
import type { Executor } from '../platform/db/client';
import { selectJson } from '../platform/db/json-select';
import { isoTimestamp } from '../platform/db/list-cursor';
import { inList, literal, literalDate } from './sql-lists';

/**
 * The window of Sundays and its readiness (guide/sunday-planning.md#readiness), shared by the runway screens and the
 * system health audit (which must not import a module): one statement for any number of Sundays,
 * then pure grouping. A runway's tasks on a Sunday count its requirement items not saved yet as
 * not done, as the dialog shows them.
 */

export interface RunwayRow {
  id: string;
  code: RunwayCode;
  name: string;
  color: string;
  orderIndex: number;
}
export interface PlanRow {
  id: string;
  sundayDate: string;
  runwayId: string | null;
  isLocked: boolean;
  lockedById: string | null;
  lockedByName: string | null;
  lockedAt: Date | null;
  version: number;
}
export interface ItemRow {
  id: string;
  sundayPlanId: string;
  runwayItemId: string | null;
  kind: TaskKind | null;
  dueDate: string | null;
  taskName: string;
  taskDetails: string | null;
  url: string | null;
  fileUrl: string | null;
  fileName: string | null;
  isComplete: boolean;
  assignedToId: string | null;
  assigneeName: string | null;
  response: AssignmentResponse;
  responseReason: string | null;
}

/** A runway's recurring task (a requirement item not archived), as each Sunday shows it before it is saved. */
export interface Requirement {
  id: string;
  title: string;
  kind: TaskKind | null;
  daysBefore: number;
  createdAt: string | null;
  defaultAssigneeId: string | null;
  defaultAssigneeName: string | null;
}

/** Everything the window of Sundays holds: runways, their requirement items, the plans and their items. */
export interface Window {
  dates: string[];
  runways: RunwayRow[];
  requirements: Map<string, Requirement[]>;
  plans: PlanRow[];
  items: ItemRow[];
}

export const FILE_URL_PREFIX = '/api/planning-files/';

/**
 * The planning file a task's URL points to, as a uuid (null for any other URL), so the join probes
 * planning_files by its primary key. Joined on `url = prefix || id::text`, PostgreSQL had to hash
 * every planning file ever uploaded to find the window's few. The pattern is the one saves are
 * checked with (case-insensitive, as there).
 */
const fileIdOf = (url: SQL): SQL =>
  sql`(case when ${url} ~* ${literal(PLANNING_FILE_URL.source)} then substr(${url}, ${literal(FILE_URL_PREFIX.length + 1)})::uuid end)`;

/**
 * The window's parts as JSON subqueries (decision 0038), for `selectJson`: a screen that needs
 * more (the dashboard) adds its own subqueries to the same statement.
 */
export function windowJson(dates: string[], { datesInText = false } = {}): Record<WindowPart, SQL> {
  const inWindow = onDates('p.sunday_date', dates, { inText: datesInText });
  return {
    runways: sql`(select coalesce(json_agg(json_build_object('id', r.id, 'code', r.code, 'name', r.name, 'color', r.color,
        'orderIndex', r.order_index) order by r.order_index, r.code), '[]'::json) from runways r where r.archived_at is null)`,
    requirements: sql`(select coalesce(json_agg(json_build_object('runwayId', ri.runway_id, 'id', ri.id, 'title', ri.title,
        'kind', ri.kind, 'daysBefore', ri.days_before, 'defaultAssigneeId', ri.default_assignee_id, 'defaultAssigneeName', du.full_name,
        'createdAt', ${isoTimestamp(sql`ri.created_at`)})
        order by ri.order_index, ri.title), '[]'::json)
      from runway_items ri left join users du on du.id = ri.default_assignee_id
      where ri.type = 'requirement' and ri.archived_at is null)`,
    plans: sql`(select coalesce(json_agg(json_build_object('id', p.id, 'sundayDate', p.sunday_date, 'runwayId', p.runway_id,
        'isLocked', p.is_locked, 'lockedById', p.locked_by_id, 'lockedByName', u.full_name,
        'lockedAt', ${isoTimestamp(sql`p.locked_at`)}, 'version', p.version)), '[]'::json)
      from sunday_plans p left join users u on u.id = p.locked_by_id where ${inWindow})`,
    items: sql`(select coalesce(json_agg(json_build_object('id', i.id, 'sundayPlanId', i.sunday_plan_id, 'runwayItemId', i.runway_item_id,
        'kind', i.kind, 'dueDate', i.due_date, 'taskName', i.task_name,
        'taskDetails', i.task_details, 'url', i.url, 'fileUrl', i.file_url, 'fileName', f.file_name,
        'isComplete', i.is_complete, 'assignedToId', i.assigned_to_id, 'assigneeName', u.full_name,
        'response', i.response, 'responseReason', i.response_reason)
        order by i.created_at, i.id), '[]'::json)
      from sunday_plans p
      -- Each plan's items by its key; "offset 0" keeps PostgreSQL from flattening this into a hash
      -- join that reads every plan item of every Sunday the church has had (it costed that lower).
      cross join lateral (select * from sunday_plan_items x where x.sunday_plan_id = p.id offset 0) i
      left join users u on u.id = i.assigned_to_id
      left join planning_files f on f.id = ${fileIdOf(sql`i.file_url`)}
      where ${inWindow})`,
  };
}

/**
 * `column` is one of the window's dates (none: false, as `in ()` is not SQL). `inText`: the dates
 * are the server's own (the upcoming Sundays) and are written into the text, so the dashboard's
 * named statement has no parameter (decision 0042); otherwise, a Sunday asked for by a request say,
 * they are bound as parameters.
 */
export const onDates = (column: string, dates: string[], { inText = false } = {}): SQL => {
  if (!dates.length) return sql`false`;
  return sql`${sql.raw(column)} in (${inText ? sql.join(dates.map(literalDate), sql`, `) : inList(dates)})`;
};

export type WindowPart = 'runways' | 'requirements' | 'plans' | 'items';
type PlanJson = Omit<PlanRow, 'lockedAt'> & { lockedAt: string | null };

/** The Window from `windowJson`'s values. */
export function windowFrom(dates: string[], values: Record<WindowPart, unknown>): Window {
  const requirements = new Map<string, Requirement[]>();
  for (const { runwayId, ...r } of values.requirements as Array<Requirement & { runwayId: string }>) {
    const list = requirements.get(runwayId);
    if (list) list.push(r);
    else requirements.set(runwayId, [r]);
  }
  const plans = (values.plans as PlanJson[]).map((p) => ({ ...p, lockedAt: p.lockedAt ? new Date(p.lockedAt) : null }));
  return { dates, runways: values.runways as RunwayRow[], requirements, plans, items: values.items as ItemRow[] };
}

/** One statement for any number of Sundays. */
export async function loadWindow(db: Executor, dates: string[]): Promise<Window> {
  return windowFrom(dates, await selectJson(db, windowJson(dates)));
}

// ---------------------------------------------------------------- pure grouping

export const runwayPlanOf = (w: Window, date: string, runwayId: string) =>
  w.plans.find((p) => p.sundayDate === date && p.runwayId === runwayId);
export const servicePlanOf = (w: Window, date: string) => w.plans.find((p) => p.sundayDate === date && p.runwayId === null);

/** A Sunday is locked when any of its plans is (decision 0014); who and when from the earliest lock. */
export function lockOf(w: Window, date: string): { isLocked: boolean; lockedBy: string | null; lockedAt: Date | null } {
  const locked = w.plans
    .filter((p) => p.sundayDate === date && p.isLocked)
    .sort((a, b) => (a.lockedAt?.getTime() ?? 0) - (b.lockedAt?.getTime() ?? 0));
  const first = locked[0];
  return { isLocked: !!first, lockedBy: first?.lockedByName ?? null, lockedAt: first?.lockedAt ?? null };
}

type Presented = Omit<PlanItem, 'badge' | 'isFileTask' | 'isScript' | 'kind'> & { kind: TaskKind | null };

function present(row: Presented): PlanItem {
  const named = taskKind(row.taskName);
  // A kind in the data (a recurring task's, a one-off's) decides; otherwise the name, as before.
  const kind = row.kind ? { isFileTask: row.kind === 'file', isScript: row.kind === 'text' && named.isScript } : named;
  return {
    id: row.id,
    taskName: row.taskName,
    taskDetails: row.taskDetails,
    url: row.url,
    fileUrl: row.fileUrl,
    fileName: row.fileName,
    isComplete: row.isComplete,
    assignee: row.assignee,
    response: row.response,
    responseReason: row.responseReason,
    badge: sundayTaskBadge({
      isComplete: row.isComplete,
      assignedToId: row.assignee?.id ?? null,
      taskDetails: row.taskDetails,
      url: row.url,
    }),
    isFileTask: kind.isFileTask,
    isScript: kind.isScript,
    kind: row.kind ?? (named.isFileTask ? 'file' : 'text'),
    dueDate: row.dueDate,
    oneOff: row.oneOff,
  };
}

/**
 * A task name's kind (file task, script), remembered per name: the dashboard presents every task
 * of 30 runway plans on each call, and the same few names come back each time. With the spreads
 * gone from `present`, this halved the dashboard's JavaScript (1.0 -> 0.5 ms a call on the 100k
 * church). Bounded: names typed by people are many, so the memory is dropped when it is full.
 */
const kinds = new Map<string, { isFileTask: boolean; isScript: boolean }>();
const KINDS_KEPT = 2000;

function taskKind(taskName: string): { isFileTask: boolean; isScript: boolean } {
  let kind = kinds.get(taskName);
  if (!kind) {
    if (kinds.size >= KINDS_KEPT) kinds.clear();
    kinds.set(taskName, (kind = { isFileTask: isFileTask(taskName), isScript: isScriptTask(taskName) }));
  }
  return kind;
}

/**
 * A runway's tasks on a Sunday: its plan's saved items together with the runway's requirement
 * items not saved yet (without an id), in the requirement order, then any other saved tasks.
 */
export function groupItems(w: Window, date: string, runwayId: string): PlanItem[] {
  let groups = groupsOf.get(w);
  if (!groups) groupsOf.set(w, (groups = new Map()));
  const key = `${date}|${runwayId}`;
  let group = groups.get(key);
  if (!group) groups.set(key, (group = buildGroup(w, date, runwayId)));
  return group;
}

/**
 * Each (Sunday, runway) group is built once per window: the dashboard reads every one three times
 * (a runway's summary, its next action, the Sunday's readiness), and building one presents each of
 * its items (badge, file and script rules). Callers only read the groups.
 */
const groupsOf = new WeakMap<Window, Map<string, PlanItem[]>>();

/** The window's saved items by plan, gathered once per window rather than filtered for each group. */
const itemsByPlanOf = new WeakMap<Window, Map<string, ItemRow[]>>();

function itemsOfPlan(w: Window, planId: string): ItemRow[] {
  let byPlan = itemsByPlanOf.get(w);
  if (!byPlan) {
    itemsByPlanOf.set(w, (byPlan = new Map()));
    for (const item of w.items) {
      const list = byPlan.get(item.sundayPlanId);
      if (list) list.push(item);
      else byPlan.set(item.sundayPlanId, [item]);
    }
  }
  return byPlan.get(planId) ?? [];
}

/**
 * A runway's tasks on a Sunday. Each recurring task shows its saved item (found by its link, else
 * by its name, as items saved before tasks were data) or, while the Sunday is open, an unsaved row
 * with the task's kind, due date and default assignee. A locked Sunday does not show a task added
 * after its lock (decision 0055). Then every other saved item (one-off tasks, items of archived
 * tasks that somebody worked on).
 */
function buildGroup(w: Window, date: string, runwayId: string): PlanItem[] {
  const plan = runwayPlanOf(w, date, runwayId);
  const saved = plan ? itemsOfPlan(w, plan.id) : [];
  const lock = lockOf(w, date);
  // A locked Sunday never shows a task added after its lock (tasks older than their added-time always show).
  const showUnsaved = (task: Requirement) =>
    !lock.isLocked || !task.createdAt || !lock.lockedAt || new Date(task.createdAt).getTime() <= lock.lockedAt.getTime();
  const required = w.requirements.get(runwayId) ?? [];
  const fromRow = (i: ItemRow, task?: Requirement): PlanItem =>
    present({
      id: i.id,
      taskName: i.taskName,
      taskDetails: i.taskDetails,
      url: i.url,
      fileUrl: i.fileUrl,
      fileName: i.fileName,
      isComplete: i.isComplete,
      assignee: i.assignedToId ? { id: i.assignedToId, fullName: i.assigneeName ?? '' } : null,
      response: i.response,
      responseReason: i.responseReason,
      kind: i.kind ?? task?.kind ?? null,
      dueDate: i.dueDate ?? (task ? taskDueDate(date, task.daysBefore) : null),
      oneOff: !task && !i.runwayItemId,
    });
  const used = new Set<string>();
  const listed: PlanItem[] = [];
  for (const task of required) {
    const row =
      saved.find((i) => i.runwayItemId === task.id) ?? saved.find((i) => !i.runwayItemId && i.taskName === task.title && !used.has(i.id));
    if (row) {
      used.add(row.id);
      listed.push(fromRow(row, task));
    } else if (showUnsaved(task)) {
      listed.push(
        present({
          id: null,
          taskName: task.title,
          taskDetails: null,
          url: null,
          fileUrl: null,
          fileName: null,
          isComplete: false,
          assignee: task.defaultAssigneeId ? { id: task.defaultAssigneeId, fullName: task.defaultAssigneeName ?? '' } : null,
          response: 'pending',
          responseReason: null,
          kind: task.kind,
          dueDate: taskDueDate(date, task.daysBefore),
          oneOff: false,
        }),
      );
    }
  }
  const extra = saved.filter((i) => !used.has(i.id)).map((i) => fromRow(i));
  return [...listed, ...extra];
}

/** A Sunday's readiness: the mean of its runway plans, each read as the dialog shows it; null when it has no task (not planned). */
export const sundayReadinessOf = (w: Window, date: string): number | null =>
  sundayReadiness(w.runways.map((r) => planReadiness(groupItems(w, date, r.id))));
