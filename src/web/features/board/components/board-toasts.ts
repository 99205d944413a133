import { BOARD_MESSAGES, type BoardAssignBody, type BoardAssignResult, type BoardMoveResult } from '@shared/api/board';
import { itemCount, STAGE_LABELS } from '@shared/domain/board';
import { toast } from '@web/components/ui/toast-store';
import type { MoveVars } from '../api/move-items';

/**
 * What the board tells the person about a move (spec 002 section 8): a dragged card 'Task moved'
 * or 'Error updating task', the selection 'Success' with 'Moved N items to X' or 'Error moving
 * items'; failures carry the server's message.
 */
export const moveToasts = {
  onSuccess: (_result: BoardMoveResult, vars: MoveVars) => {
    if (vars.kind === 'single') toast({ title: BOARD_MESSAGES.taskMoved });
    else toast({ title: BOARD_MESSAGES.success, description: `Moved ${itemCount(vars.itemIds.length)} to ${STAGE_LABELS[vars.stage]}` });
  },
  onError: (err: Error, vars: MoveVars) =>
    toast({
      title: vars.kind === 'single' ? BOARD_MESSAGES.updateFailed : BOARD_MESSAGES.moveFailed,
      description: err.message,
      variant: 'destructive',
    }),
};

/** 'Assign to...': 'Success' with 'Assigned N items to Y', or the failure with the server's message. */
export const assignToasts = {
  onSuccess: (result: BoardAssignResult, vars: BoardAssignBody) =>
    toast({ title: BOARD_MESSAGES.success, description: `Assigned ${itemCount(vars.itemIds.length)} to ${result.assignee.fullName}` }),
  onError: (err: Error) => toast({ title: BOARD_MESSAGES.assignFailed, description: err.message, variant: 'destructive' }),
};
