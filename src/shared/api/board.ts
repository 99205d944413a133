import { z } from 'zod';
import { BOARD_BULK_LIMIT, BOARD_STAGES } from '../domain/board';
import { ITEM_STATUSES } from '../domain/statuses';

/** API contract of the Production Board (spec 002 sections 2, 3, 4, 7 and 8; DESIGN 5.3). */
export const BOARD_LIMIT = 500;

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

/** One card: a request item with its request's title and ministry and its assignee (spec 002 section 3). */
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
  /** The signed-in user may drag or bulk-move this card (DESIGN 6: allowed actions sent with the entity). */
  canMove: z.boolean(),
});
export type BoardCard = z.infer<typeof boardCardSchema>;

export const boardResponse = z.object({
  items: z.array(boardCardSchema),
  /** True when more than BOARD_LIMIT cards matched and the list was cut (soonest due kept). */
  truncated: z.boolean(),
  /** The signed-in user may bulk-assign (coordinator and above). */
  canAssign: z.boolean(),
});
export type Board = z.infer<typeof boardResponse>;

export const NO_ITEMS_SELECTED = 'Select at least one task.';
export const TOO_MANY_ITEMS = `Select at most ${BOARD_BULK_LIMIT} tasks at a time.`;

const itemIds = z.array(z.uuid('Each task id must be a valid id.')).min(1, NO_ITEMS_SELECTED).max(BOARD_BULK_LIMIT, TOO_MANY_ITEMS);

export const boardMoveBody = z.object({
  itemIds,
  stage: z.enum(BOARD_STAGES, 'Choose one of the six stages.'),
});

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
});
export type BoardAssignBody = z.infer<typeof boardAssignBody>;

export const boardAssignResponse = z.object({
  assignee: z.object({ id: z.string(), fullName: z.string(), isExternal: z.boolean() }),
  assigned: z.array(z.string()),
  unchanged: z.array(z.string()),
});
export type BoardAssignResult = z.infer<typeof boardAssignResponse>;
