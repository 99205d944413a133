import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BOARD_MESSAGES, type Board, type BoardMoveResult } from '@shared/api/board';
import { itemCount, moveTarget, STAGE_LABELS, type BoardStage } from '@shared/domain/board';
import { toast } from '@web/components/ui/toaster';
import { api } from '@web/lib/api';
import { BOARD_KEY } from './get-board';

export interface MoveVars {
  itemIds: string[];
  stage: BoardStage;
  /** A dragged card ('Task moved' / 'Error updating task') or the selection's 'Move to...' ('Success' / 'Error moving items'). */
  kind: 'single' | 'bulk';
}

/** The cards as they will be once the move lands: each leaves for the column's first status. */
function moved(board: Board | undefined, { itemIds, stage }: MoveVars): Board | undefined {
  if (!board) return board;
  const ids = new Set(itemIds);
  return {
    ...board,
    items: board.items.map((card) => {
      const status = ids.has(card.id) ? moveTarget(card.status, stage) : null;
      return status ? { ...card, status, stage } : card;
    }),
  };
}

/**
 * Moves cards between stages (spec 002 section 4): the board changes at once; on failure it
 * reloads and an error toast carries the server's message; success toasts 'Task moved' for a
 * drag and 'Success' with 'Moved N items to X' for the selection.
 */
export function useMoveItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemIds, stage }: MoveVars) => api.post<BoardMoveResult>('/api/board/move', { itemIds, stage }),
    onMutate: async (vars) => {
      await queryClient.cancelQueries({ queryKey: BOARD_KEY });
      queryClient.setQueriesData<Board>({ queryKey: BOARD_KEY }, (board) => moved(board, vars));
    },
    onSuccess: (_result, vars) => {
      if (vars.kind === 'single') toast({ title: BOARD_MESSAGES.taskMoved });
      else toast({ title: BOARD_MESSAGES.success, description: `Moved ${itemCount(vars.itemIds.length)} to ${STAGE_LABELS[vars.stage]}` });
    },
    onError: (err, vars) => {
      toast({
        title: vars.kind === 'single' ? BOARD_MESSAGES.updateFailed : BOARD_MESSAGES.moveFailed,
        description: err.message,
        variant: 'destructive',
      });
    },
    // Either way the board (and every other request list) reloads from the server.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['requests'] }),
  });
}
