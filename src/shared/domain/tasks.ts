import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { DUE_SOON_DAYS } from './constants';
import { daysBetween } from './dates';
import { hasRank } from './roles';
import { guardFor } from './routes';
import { DONE_ITEM_STATUSES } from './statuses';

/**
 * Pure rules of the task lists and task reminders (guide/tasks-and-calendar.md#my-tasks-and-all-tasks, #reminders, guide/tasks-and-calendar.md sections
 * 4 and 9, guide/tasks-and-calendar.md#reminders). The server's reminder job and the web's labels both use these.
 */

export function isDoneStatus(status: string): boolean {
  return (DONE_ITEM_STATUSES as readonly string[]).includes(status);
}

// ---------------------------------------------------------------- sections

export type TaskSection = 'waiting' | 'active' | 'rejected' | 'completed';

/**
 * Pending additional items wait for approval; rejected ones are listed apart; finished work
 * (approved, published, complete) is listed apart as Completed (guide/tasks-and-calendar.md#my-tasks-and-all-tasks, current work first);
 * the rest are active.
 */
export function taskSection(item: { isAdditionalRequest: boolean; additionalRequestStatus: string | null; status: string }): TaskSection {
  if (item.isAdditionalRequest && item.additionalRequestStatus === 'pending') return 'waiting';
  if (item.isAdditionalRequest && item.additionalRequestStatus === 'rejected') return 'rejected';
  return isDoneStatus(item.status) ? 'completed' : 'active';
}

/** Progress = share of a request's items that are approved, published or complete, in whole percent. */
export function progressPercent(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((Math.min(done, total) * 100) / total);
}

// ---------------------------------------------------------------- due dates

export type DueInfo =
  | { kind: 'none' }
  | { kind: 'done' }
  | { kind: 'overdue'; days: number }
  | { kind: 'soon'; days: number }
  | { kind: 'later'; days: number };

/**
 * Where a due date stands on the church's `today`: overdue by whole days once the due day has
 * passed, 'due soon' within 7 days (today included). Finished tasks are never overdue.
 */
export function dueInfo(dueDate: string | null, today: string, status: string): DueInfo {
  if (!dueDate) return { kind: 'none' };
  if (isDoneStatus(status)) return { kind: 'done' };
  const days = daysBetween(today, dueDate);
  if (days < 0) return { kind: 'overdue', days: -days };
  if (days <= DUE_SOON_DAYS) return { kind: 'soon', days };
  return { kind: 'later', days };
}

/** A due date for people: 'Jun 15, 2025'. */
export function formatDueDate(dueDate: string): string {
  const [y, m, d] = dueDate.split('-').map(Number);
  return format(new Date(y, m - 1, d), 'MMM d, yyyy');
}

/** The list's label: 'Due soon' or 'Overdue by N days'; nothing otherwise. */
export function dueLabel(info: DueInfo): string | null {
  if (info.kind === 'soon') return 'Due soon';
  if (info.kind === 'overdue') return `Overdue by ${info.days} ${info.days === 1 ? 'day' : 'days'}`;
  return null;
}

// ---------------------------------------------------------------- workload

export const WORKLOAD_FULL_TASKS = 10;

/** Workload = active tasks / 10 x 100, capped at 100 (guide/tasks-and-calendar.md#reminders). */
export function workloadPercent(activeTasks: number): number {
  return Math.min(100, Math.round((Math.max(0, activeTasks) / WORKLOAD_FULL_TASKS) * 100));
}

export type WorkloadColour = 'red' | 'orange' | 'green';
export function workloadColour(percent: number): WorkloadColour {
  if (percent > 90) return 'red';
  if (percent > 70) return 'orange';
  return 'green';
}

// ---------------------------------------------------------------- reminders

export const REMINDER_TYPES = ['deadline_warning', 'overdue', 'team_overdue', 'urgent_deadline', 'team_urgent', 'manual_reminder'] as const;
export type ReminderType = (typeof REMINDER_TYPES)[number];
export const ASSIGNEE_REMINDERS = ['overdue', 'deadline_warning', 'urgent_deadline'] as const;
export type AssigneeReminder = (typeof ASSIGNEE_REMINDERS)[number];

/**
 * The team alert that goes with an assignee reminder: to every admin and approver, counted in one
 * summary per person per run (decision 0027).
 */
export const TEAM_REMINDER: Partial<Record<AssigneeReminder, ReminderType>> = {
  overdue: 'team_overdue',
  urgent_deadline: 'team_urgent',
};

export const DEADLINE_WARNING_HOURS = 48;
export const URGENT_DEADLINE_HOURS = 24;
const HOUR_MS = 3_600_000;
export const URGENT_PRIORITIES: readonly string[] = ['high', 'urgent'];

/**
 * The moment a task falls due: the end of its due date in the church's time zone, so a task due
 * today is not overdue until the church's day is over.
 */
export function deadlineOf(dueDate: string, timeZone: string): Date {
  const [y, m, d] = dueDate.split('-').map(Number);
  return new Date(new TZDate(y, m - 1, d + 1, 0, 0, 0, 0, timeZone).getTime());
}

export interface ReminderFacts {
  dueDate: string | null;
  status: string;
  priority: string;
}

/**
 * Which reminders the assignee of a task gets at `now` (guide/tasks-and-calendar.md#reminders):
 * past due and not done -> overdue; due within 48 hours and not started -> deadline warning;
 * high (or urgent) priority due within 24 hours and not started -> urgent deadline.
 */
export function assigneeReminders(item: ReminderFacts, now: Date, timeZone: string): AssigneeReminder[] {
  if (!item.dueDate || isDoneStatus(item.status)) return [];
  const left = deadlineOf(item.dueDate, timeZone).getTime() - now.getTime();
  if (left <= 0) return ['overdue'];
  const reasons: AssigneeReminder[] = [];
  if (item.status !== 'not_started') return reasons;
  if (left <= DEADLINE_WARNING_HOURS * HOUR_MS) reasons.push('deadline_warning');
  if (left <= URGENT_DEADLINE_HOURS * HOUR_MS && URGENT_PRIORITIES.includes(item.priority)) reasons.push('urgent_deadline');
  return reasons;
}

/**
 * How far past the church's today a task can be due and still get a reminder: 48 hours from any
 * moment of today reach the end of tomorrow, and of the day after only across a 23-hour day. The
 * job reads only items due by then; a property test checks the bound against the rule.
 */
export const REMINDER_HORIZON_DAYS = 2;

/** The task list a team member's summary links to: All Tasks when their role opens it, else My Tasks (which lists every task for them). */
export function taskListPathFor(role: string): string {
  const allTasks = guardFor('/all-tasks');
  return allTasks && hasRank(role, allTasks) ? '/all-tasks' : '/my-tasks';
}

export interface TeamSummary {
  title: string;
  body: string;
  type: 'team_overdue' | 'team_urgent';
}

/** '1 task', '12 tasks': the team summary's and the calendar day's count. */
export const taskCountLabel = (n: number) => `${n} ${n === 1 ? 'task' : 'tasks'}`;

/**
 * The one notification an admin or approver gets per reminder run instead of one per task:
 * '12 tasks overdue', with the urgent ones at risk alongside. Null when there is nothing new.
 */
export function teamSummary(counts: { overdue: number; urgent: number }): TeamSummary | null {
  const { overdue, urgent } = counts;
  if (overdue <= 0 && urgent <= 0) return null;
  const parts: string[] = [];
  if (overdue > 0) parts.push(`${taskCountLabel(overdue)} past due and not finished`);
  if (urgent > 0) parts.push(`${taskCountLabel(urgent)} of high priority, not started and due within 24 hours`);
  return {
    title: overdue > 0 ? `${taskCountLabel(overdue)} overdue` : `${urgent} urgent ${urgent === 1 ? 'task' : 'tasks'} at risk`,
    body: `Newly reported: ${parts.join('; ')}. Open the task list to see them.`,
    type: overdue > 0 ? 'team_overdue' : 'team_urgent',
  };
}
