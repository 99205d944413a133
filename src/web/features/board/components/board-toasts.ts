import { BOARD_MESSAGES, type BoardAssignBody, type BoardAssignResult, type BoardCard, type BoardMoveResult } from '@shared/api/board';
import { itemCount, STAGE_LABELS, stageOf, type BoardStage } from '@shared/domain/board';
import type { ItemStatus } from '@shared/domain/statuses';
import { toast } from '@web/components/ui/toast-store';
import type { MoveVars } from '../api/move-items';

export const UNDO_MESSAGES = {
  undo: 'Undo',
  undone: 'Move undone',
  undoFailed: 'Could not undo the move',
  movedSince: (n: number) => `${itemCount(n)} moved by someone else since, left where ${n === 1 ? 'it is' : 'they are'}.`,
} as const;

/** What Undo needs: the moves back (one per former column) and the cards as the board shows them now. */
export interface UndoDeps {
  moveBack: (vars: MoveVars) => Promise<BoardMoveResult>;
  current: (id: string) => BoardCard | undefined;
}

/**
 * Puts the cards of a move back, each to the exact status it left ('Changes Requested' comes back
 * as 'Changes Requested'), through the same move the board makes (one call per former column,
 * naming each card's status). A card the board no longer shows where the move put it was moved again by someone else
 * since: it stays, and the toast says so; a refusal from the server is shown with its message.
 */
export async function undoMove(result: BoardMoveResult, vars: MoveVars, { moveBack, current }: UndoDeps) {
  const back = new Map<BoardStage, Record<string, ItemStatus>>();
  let movedSince = 0;
  for (const { id } of result.moved) {
    const previous = vars.from?.[id];
    if (!previous) continue;
    const now = current(id);
    if (now && now.stage !== vars.stage) {
      movedSince++;
      continue;
    }
    const stage = stageOf(previous);
    back.set(stage, { ...back.get(stage), [id]: previous });
  }
  let returned = 0;
  try {
    for (const [stage, statuses] of back) {
      const answer = await moveBack({ itemIds: Object.keys(statuses), stage, statuses, kind: 'undo' });
      returned += answer.moved.length;
      movedSince += answer.unchanged.length;
    }
  } catch (err) {
    toast({ title: UNDO_MESSAGES.undoFailed, description: (err as Error).message, variant: 'destructive' });
    return;
  }
  if (movedSince > 0) {
    toast({
      title: returned > 0 ? UNDO_MESSAGES.undone : UNDO_MESSAGES.undoFailed,
      description: UNDO_MESSAGES.movedSince(movedSince),
      variant: returned > 0 ? 'default' : 'destructive',
    });
  } else
    toast({ title: UNDO_MESSAGES.undone, description: `${itemCount(returned)} back where ${returned === 1 ? 'it was' : 'they were'}.` });
}

/**
 * What the board tells the person about a move (guide/production-board.md#bulk-actions): a dragged card 'Task moved'
 * or 'Error updating task', the selection 'Success' with 'Moved N items to X' or 'Error moving
 * items'; failures carry the server's message. A move that changed something offers Undo while its
 * toast is up.
 */
export function moveToasts(undo?: UndoDeps) {
  return {
    onSuccess: (result: BoardMoveResult, vars: MoveVars) => {
      if (vars.kind === 'undo') return;
      const action =
        undo && vars.from && result.moved.length > 0
          ? { label: UNDO_MESSAGES.undo, onClick: () => void undoMove(result, vars, undo) }
          : undefined;
      if (vars.kind === 'single') toast({ title: BOARD_MESSAGES.taskMoved, action });
      else
        toast({
          title: BOARD_MESSAGES.success,
          description: `Moved ${itemCount(vars.itemIds.length)} to ${STAGE_LABELS[vars.stage]}`,
          action,
        });
    },
    onError: (err: Error, vars: MoveVars) => {
      if (vars.kind === 'undo') return;
      toast({
        title: vars.kind === 'single' ? BOARD_MESSAGES.updateFailed : BOARD_MESSAGES.moveFailed,
        description: err.message,
        variant: 'destructive',
      });
    },
  };
}

/** 'Assign to...': 'Success' with 'Assigned N items to Y', or the failure with the server's message. */
export const assignToasts = {
  onSuccess: (result: BoardAssignResult, vars: BoardAssignBody) =>
    toast({ title: BOARD_MESSAGES.success, description: `Assigned ${itemCount(vars.itemIds.length)} to ${result.assignee.fullName}` }),
  onError: (err: Error) => toast({ title: BOARD_MESSAGES.assignFailed, description: err.message, variant: 'destructive' }),
};
