import { z } from 'zod';
import { ITEM_STATUSES, PRIORITIES } from '../domain/statuses';
import { REMINDER_TYPES } from '../domain/tasks';
import { ASSIGNMENT_RESPONSES } from '../domain/people-on-sundays';

/** API contract of the task lists, reassignment and task reminders (guide/tasks-and-calendar.md#my-tasks-and-all-tasks, #reminders). */
/** Open tasks come a page at a time, soonest due first, undated last ('Load more'; guide/tasks-and-calendar.md#my-tasks-and-all-tasks). */
export const TASK_PAGE_SIZE = 50;
/** Finished tasks come a page at a time, most recently finished first (guide/tasks-and-calendar.md#my-tasks-and-all-tasks). */
export const COMPLETED_PAGE_SIZE = 20;
/** The Completed section shows, until 'Show older' is pressed, the work finished within this many days. */
export const RECENTLY_FINISHED_DAYS = 30;
/** The Completed count stops counting here: the section reads '200+' (a bounded look-ahead, never a full count). */
export const COMPLETED_COUNT_CAP = 200;

/** The Completed section's count as shown: exact up to the cap, then '200+'. */
export const completedCountLabel = (count: number): string => (count > COMPLETED_COUNT_CAP ? `${COMPLETED_COUNT_CAP}+` : String(count));

export const TASK_MESSAGES = {
  reassignmentFailed: 'Reassignment failed',
  remindersSent: 'Reminders Sent!',
  reminderSent: 'Reminder Sent!',
  fetchFailed: 'Error fetching tasks',
  remindFailed: 'Reminder failed',
  remindersFailed: 'Reminders failed',
  finished: 'This task is finished: there is nothing to remind about.',
} as const;

/** A keyset cursor of the open-work order: '<due date or nothing>|<item id>' of the last task of the previous page. */
const dueCursor = z.string().max(100).optional();
/**
 * The task list's filters (decision 0057): whose tasks ('me', 'unassigned' or a person's id; anyone
 * but 'me' from coordinator up, who see assignees) and a search of the event title.
 */
export const taskFilterFields = {
  assignee: z.union([z.literal('me'), z.literal('unassigned'), z.uuid()]).optional(),
  search: z.string().trim().max(200).optional(),
};
export interface TaskFilters {
  assignee?: 'me' | 'unassigned' | (string & {});
  search?: string;
}
export const taskScopeQuery = z.object({ scope: z.enum(['mine', 'all']).default('mine'), cursor: dueCursor, ...taskFilterFields });
export const squadTasksQuery = z.object({ cursor: dueCursor });
export const taskIdParams = z.object({ id: z.uuid() });

export const taskAssigneeSchema = z.object({ id: z.string(), fullName: z.string(), isExternal: z.boolean() });

export const taskSchema = z.object({
  id: z.string(),
  requestId: z.string(),
  eventTitle: z.string(),
  requestStatus: z.string(),
  channel: z.string(),
  status: z.enum(ITEM_STATUSES),
  priority: z.enum(PRIORITIES),
  dueDate: z.string().nullable(),
  isAdditionalRequest: z.boolean(),
  additionalRequestStatus: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  /** Share of the request's items that are approved, published or complete, 0-100. */
  progress: z.number().int(),
  /** The assignee's answer (guide/sunday-planning.md#answering-an-assignment). */
  response: z.enum(ASSIGNMENT_RESPONSES),
  responseReason: z.string().nullable(),
  /** Present for coordinators and above only: seeing the assignee needs coordinator level. */
  assignee: taskAssigneeSchema.nullable().optional(),
});
export type TaskDto = z.infer<typeof taskSchema>;

export const taskListResponse = z.object({
  waiting: z.array(taskSchema),
  /** Open work only: finished tasks are counted here and listed a page at a time. */
  active: z.array(taskSchema),
  rejected: z.array(taskSchema),
  /**
   * How many tasks were finished within the last RECENTLY_FINISHED_DAYS days, counted up to
   * COMPLETED_COUNT_CAP + 1 (shown as '200+' beyond the cap).
   */
  completedCount: z.number().int(),
  /** The church's calendar date, so 'Due soon' and 'Overdue by N days' count in its time zone. */
  today: z.string(),
  /** The cursor of the next page of open work ('Load more'), null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TaskList = z.infer<typeof taskListResponse>;

/** The Completed section of a task list: 'squad' is the Church Media Squad Queue's. */
export const COMPLETED_SCOPES = ['mine', 'all', 'squad'] as const;
export type CompletedScope = (typeof COMPLETED_SCOPES)[number];
export const completedTasksQuery = z.object({
  scope: z.enum(COMPLETED_SCOPES).default('mine'),
  /** Keyset cursor: the updatedAt|id of the last task of the previous page. */
  cursor: z.string().max(100).optional(),
  /** 'true' lifts the RECENTLY_FINISHED_DAYS window: older finished work, on demand ('Show older'). */
  older: z.stringbool().default(false),
  ...taskFilterFields,
});
export const completedTasksResponse = z.object({
  items: z.array(taskSchema),
  /** The next page in the same window ('Show more'), null when this window has no more. */
  nextCursor: z.string().nullable(),
  /**
   * When the recent window is used up: where older finished work would continue ('Show older').
   * Null while the window has more, and once older work is already being listed.
   */
  olderCursor: z.string().nullable(),
});
export type CompletedTasks = z.infer<typeof completedTasksResponse>;

export const assigneeOptionSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  role: z.string(),
  isExternal: z.boolean(),
});
export type AssigneeOption = z.infer<typeof assigneeOptionSchema>;
export const assigneeListResponse = z.object({ items: z.array(assigneeOptionSchema) });

export const assignTaskBody = z.object({
  assigneeId: z.uuid().nullable(),
  /** The coordinator was told the person is blocked out on the due date and assigns anyway. */
  confirmBlockout: z.boolean().default(false),
});
export type AssignTaskBody = z.input<typeof assignTaskBody>;
export const assignTaskResponse = z.object({ id: z.string(), assignee: taskAssigneeSchema.nullable() });
export type AssignTaskResult = z.infer<typeof assignTaskResponse>;

/**
 * What a reminder run did (decision 0027): `notified` notifications written (assignee reminders
 * plus summaries); `byType` counts assignee reminders by type and, for team_overdue and
 * team_urgent, the tasks the summaries newly reported; `summaries` one per admin and approver when
 * there was news; `more` when the run stopped at its bound, leaving whatever is left (perhaps
 * nothing) for the next run.
 */
export const reminderRunResponse = z.object({
  notified: z.number().int(),
  byType: z.record(z.enum(REMINDER_TYPES), z.number().int()),
  summaries: z.number().int(),
  more: z.boolean(),
});
export type ReminderRun = z.infer<typeof reminderRunResponse>;

/** The CSV export of a task list: the list's own scope, no cursor (the whole open work). */
export const taskExportQuery = taskScopeQuery.omit({ cursor: true });
