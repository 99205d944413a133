import { format } from 'date-fns/format';
import type { ItemStatus } from './statuses';

/**
 * The production board's stages (guide/production-board.md#cards, #moving-a-card, #stages; guide/production-board.md#stages). Items keep their
 * finer status; each stage is a column that gathers one or more statuses, and dropping a card
 * on a column sets that column's first status.
 */
export const BOARD_STAGES = ['submitted', 'in_progress', 'proof_ready', 'approved', 'published', 'finished'] as const;
export type BoardStage = (typeof BOARD_STAGES)[number];

export const STAGE_LABELS: Record<BoardStage, string> = {
  submitted: 'Submitted',
  in_progress: 'In Progress',
  proof_ready: 'Ready for Proof',
  approved: 'Approved',
  published: 'Published',
  finished: 'Finished',
};

/** The statuses each column gathers; the first one is what a drop sets. */
export const STAGE_STATUSES: Record<BoardStage, readonly [ItemStatus, ...ItemStatus[]]> = {
  submitted: ['submitted', 'not_started'],
  in_progress: ['in_progress', 'changes_requested'],
  proof_ready: ['proof_ready'],
  approved: ['approved'],
  published: ['published'],
  finished: ['complete'],
};

/**
 * Column width, so that four whole columns (the fourth with its count) fit a 1280 px window beside
 * the page's padding, and the keyboard drag step.
 */
export const BOARD_COLUMN_WIDTH_PX = 288;
export const KEYBOARD_DRAG_STEP_PX = 25;

/** At most this many cards move or change hands in one bulk action. */
export const BOARD_BULK_LIMIT = 100;

export function isBoardStage(value: unknown): value is BoardStage {
  return typeof value === 'string' && (BOARD_STAGES as readonly string[]).includes(value);
}

/** The column an item status belongs to; every item status has exactly one. */
export function stageOf(status: ItemStatus): BoardStage;
export function stageOf(status: string): BoardStage | null;
export function stageOf(status: string): BoardStage | null {
  for (const stage of BOARD_STAGES) {
    if ((STAGE_STATUSES[stage] as readonly string[]).includes(status)) return stage;
  }
  return null;
}

/** The status a drop on the column sets. */
export function statusForStage(stage: BoardStage): ItemStatus {
  return STAGE_STATUSES[stage][0];
}

/**
 * What a move to `stage` does to an item in `status`: null when the item already sits in that
 * column (a stale or repeated drop changes nothing), otherwise the new status: `exact` when given
 * (an undo puts a card back in the very status it left, one of the column's), else the column's
 * first.
 */
export function moveTarget(status: string, stage: BoardStage, exact?: ItemStatus): ItemStatus | null {
  if (stageOf(status) === stage) return null;
  return exact && stageOf(exact) === stage ? exact : statusForStage(stage);
}

/** A card's due date: short month and day, 'Dec 5'. */
export function formatBoardDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  return format(new Date(y, m - 1, d), 'MMM d');
}

/** 'N items' with the singular for one. */
export function itemCount(n: number): string {
  return `${n} ${n === 1 ? 'item' : 'items'}`;
}
