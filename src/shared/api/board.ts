import { z } from 'zod';
import { ASSIGNMENT_RESPONSES } from '../domain/people-on-sundays';
import { BOARD_BULK_LIMIT, BOARD_STAGES, STAGE_LABELS, stageOf } from '../domain/board';
import { ITEM_STATUSES } from '../domain/statuses';

/**
 * API contract of the Production Board (guide/production-board.md#cards, #moving-a-card, #bulk-actions; guide/production-board.md#stages, guide/tasks-and-calendar.md#my-tasks-and-all-tasks).
 * Each column is bounded: its first BOARD_COLUMN_LIMIT cards come with the board, the rest a page
 * at a time ('Load more'). The open columns run soonest due first (undated last); the Approved,
 * Published and Finished columns most recently changed first, only work changed within the last
 * BOARD_RECENT_DAYS days until 'Show older' is pressed.
 */
export const BOARD_COLUMN_LIMIT = 25;
export const BOARD_RECENT_DAYS = 30;

export const BOARD_MESSAGES = {
  title: 'Production Board',
  searchPlaceholder: 'Search by event title...',
  emptyColumn: 'No tasks in this stage yet.',
  unassigned: 'Unassigned',
  moveTo: 'Move to...',
  assignTo: 'Assign to...',
  clearSelection: 'Clear Selection',
  taskMoved: 'Task moved',
  success: 'Success',
  fetchFailed: 'Error fetching tasks',
  updateFailed: 'Error updating task',
  moveFailed: 'Error moving items',
  assignFailed: 'Error assigning items',
} as const;

export const boardQuery = z.object({ search: z.string().trim().max(200).optional() });

/** One more page of one column: after the cursor, in the column's order; 'older' lifts the recent window. */
export const boardColumnQuery = z.object({
  stage: z.enum(BOARD_STAGES, 'Choose one of the six stages.'),
  cursor: z.string().min(1).max(100),
  older: z.stringbool().default(false),
  search: z.string().trim().max(200).optional(),
});
export type BoardColumnQuery = z.infer<typeof boardColumnQuery>;

/** One card: a request item with its request's title and ministry and its assignee (guide/production-board.md#cards). */
export const boardCardSchema = z.object({
  id: z.string(),
  requestId: z.string(),
  channel: z.string(),
  status: z.enum(ITEM_STATUSES),
  stage: z.enum(BOARD_STAGES),
  dueDate: z.string().nullable(),
  eventTitle: z.string(),
  ministryName: z.string().nullable(),
  assigneeId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  /** The assignee's answer (guide/sunday-planning.md#answering-an-assignment). */
  response: z.enum(ASSIGNMENT_RESPONSES),
  /** The signed-in user may drag or bulk-move this card (ARCHITECTURE.md#conventions: allowed actions sent with the entity). */
  canMove: z.boolean(),
});
export type BoardCard = z.infer<typeof boardCardSchema>;

/** Where a column goes on: more in the same order ('Load more'), or older finished work ('Show older'). */
export const boardColumnMoreSchema = z.object({
  /** The next page in the same window; null when there is none. */
  nextCursor: z.string().nullable(),
  /** Finished columns, once the recent window is used up: where older work would continue. */
  olderCursor: z.string().nullable(),
  /** The column lists older work already (the next page continues without the window). */
  older: z.boolean(),
});
export type BoardColumnMore = z.infer<typeof boardColumnMoreSchema>;

export const boardColumnResponse = boardColumnMoreSchema.extend({ items: z.array(boardCardSchema) });
export type BoardColumnPage = z.infer<typeof boardColumnResponse>;

export const boardResponse = z.object({
  /** The first page of every column, column after column. */
  items: z.array(boardCardSchema),
  /** How each column goes on. */
  columns: z.record(z.enum(BOARD_STAGES), boardColumnMoreSchema),
  /** The signed-in user may bulk-assign (coordinator and above). */
  canAssign: z.boolean(),
});
export type Board = z.infer<typeof boardResponse>;

export const NO_ITEMS_SELECTED = 'Select at least one task.';
export const TOO_MANY_ITEMS = `Select at most ${BOARD_BULK_LIMIT} tasks at a time.`;

const itemIds = z.array(z.uuid('Each task id must be a valid id.')).min(1, NO_ITEMS_SELECTED).max(BOARD_BULK_LIMIT, TOO_MANY_ITEMS);

export const STATUS_NOT_OF_STAGE = (stage: (typeof BOARD_STAGES)[number]) =>
  `Each status must be one of the ${STAGE_LABELS[stage]} column's.`;
export const STATUS_NOT_MOVED = 'Each status must be of a task being moved.';

/**
 * A move: the tasks go to the column's first status, or, where `statuses` names one (an Undo
 * putting cards back exactly), to that status, which must be one of the column's.
 */
export const boardMoveBody = z
  .object({
    itemIds,
    stage: z.enum(BOARD_STAGES, 'Choose one of the six stages.'),
    statuses: z.record(z.uuid('Each task id must be a valid id.'), z.enum(ITEM_STATUSES)).optional(),
  })
  .superRefine((body, ctx) => {
    for (const [id, status] of Object.entries(body.statuses ?? {})) {
      if (!body.itemIds.includes(id)) ctx.addIssue({ code: 'custom', path: ['statuses', id], message: STATUS_NOT_MOVED });
      else if (stageOf(status) !== body.stage)
        ctx.addIssue({ code: 'custom', path: ['statuses', id], message: STATUS_NOT_OF_STAGE(body.stage) });
    }
  });
export type BoardMoveBody = z.infer<typeof boardMoveBody>;

export const boardMoveResponse = z.object({
  stage: z.enum(BOARD_STAGES),
  /** Items whose status changed. */
  moved: z.array(z.object({ id: z.string(), status: z.enum(ITEM_STATUSES) })),
  /** Items already in the target stage: left as they were. */
  unchanged: z.array(z.string()),
});
export type BoardMoveResult = z.infer<typeof boardMoveResponse>;

export const boardAssignBody = z.object({
  itemIds,
  assigneeId: z.uuid('Choose who the tasks go to.'),
  /** The coordinator was told the person is blocked out on a task's due date and assigns anyway. */
  confirmBlockout: z.boolean().default(false),
});
export type BoardAssignBody = z.input<typeof boardAssignBody>;

export const boardAssignResponse = z.object({
  assignee: z.object({ id: z.string(), fullName: z.string(), isExternal: z.boolean() }),
  assigned: z.array(z.string()),
  unchanged: z.array(z.string()),
});
export type BoardAssignResult = z.infer<typeof boardAssignResponse>;
