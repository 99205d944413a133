import { z } from 'zod';
import { ITEM_STATUSES, PRIORITIES } from '../domain/statuses';
import { REMINDER_TYPES } from '../domain/tasks';

/** API contract of the task lists, reassignment and task reminders (spec 001 section 2, 002 sections 4 and 9). */
export const TASK_LIST_LIMIT = 500;
/** Finished tasks come a page at a time, most recently finished first (DESIGN 5.16). */
export const COMPLETED_PAGE_SIZE = 20;

export const TASK_MESSAGES = {
  reassignmentFailed: 'Reassignment failed',
  remindersSent: 'Reminders Sent!',
  reminderSent: 'Reminder Sent!',
  fetchFailed: 'Error fetching tasks',
  remindFailed: 'Reminder failed',
  remindersFailed: 'Reminders failed',
  finished: 'This task is finished: there is nothing to remind about.',
} as const;

export const taskScopeQuery = z.object({ scope: z.enum(['mine', 'all']).default('mine') });
export const taskIdParams = z.object({ id: z.uuid() });

export const taskAssigneeSchema = z.object({ id: z.string(), fullName: z.string(), isExternal: z.boolean() });

export const taskSchema = z.object({
  id: z.string(),
  requestId: z.string(),
  eventTitle: z.string(),
  requestStatus: z.string(),
  channel: z.string(),
  channelLabel: z.string(),
  status: z.enum(ITEM_STATUSES),
  priority: z.enum(PRIORITIES),
  dueDate: z.string().nullable(),
  isAdditionalRequest: z.boolean(),
  additionalRequestStatus: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  /** Share of the request's items that are approved, published or complete, 0-100. */
  progress: z.number().int(),
  /** Present for coordinators and above only: seeing the assignee needs coordinator level. */
  assignee: taskAssigneeSchema.nullable().optional(),
});
export type TaskDto = z.infer<typeof taskSchema>;

export const taskListResponse = z.object({
  waiting: z.array(taskSchema),
  /** Open work only: finished tasks are counted here and listed a page at a time. */
  active: z.array(taskSchema),
  rejected: z.array(taskSchema),
  /** How many finished tasks the Completed section holds. */
  completedCount: z.number().int(),
  /** The church's calendar date, so 'Due soon' and 'Overdue by N days' count in its time zone. */
  today: z.string(),
  /** True when more than TASK_LIST_LIMIT tasks matched and the list was cut. */
  truncated: z.boolean(),
});
export type TaskList = z.infer<typeof taskListResponse>;

/** The Completed section of a task list: 'squad' is the Church Media Squad Queue's. */
export const COMPLETED_SCOPES = ['mine', 'all', 'squad'] as const;
export type CompletedScope = (typeof COMPLETED_SCOPES)[number];
export const completedTasksQuery = z.object({
  scope: z.enum(COMPLETED_SCOPES).default('mine'),
  /** Keyset cursor: the updatedAt|id of the last task of the previous page. */
  cursor: z.string().max(100).optional(),
});
export const completedTasksResponse = z.object({
  items: z.array(taskSchema),
  nextCursor: z.string().nullable(),
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

export const assignTaskBody = z.object({ assigneeId: z.uuid().nullable() });
export type AssignTaskBody = z.infer<typeof assignTaskBody>;
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
