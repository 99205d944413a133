import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { Board, BoardMoveResult } from '@shared/api/board';
import { moveTarget, type BoardStage } from '@shared/domain/board';
import type { ItemStatus } from '@shared/domain/statuses';
import { api } from '@web/lib/api';
import { invalidateKeys, ITEM_WORK_KEYS, requestKeys } from '@web/lib/request-keys';

export interface MoveVars {
  itemIds: string[];
  stage: BoardStage;
  /**
   * A dragged card or the selection's 'Move to...': the caller's feedback differs (guide/production-board.md
   * 8); 'undo' puts back a move just made and has feedback of its own.
   */
  kind: 'single' | 'bulk' | 'undo';
  /** Each card's status before the move, for its Undo. */
  from?: Record<string, ItemStatus>;
  /** Undo: the exact status each card goes back to (one of the column's); others get the column's first. */
  statuses?: Record<string, ItemStatus>;
}

export const moveItems = ({ itemIds, stage, statuses }: Pick<MoveVars, 'itemIds' | 'stage' | 'statuses'>) =>
  api.post<BoardMoveResult>('/api/board/move', { itemIds, stage, ...(statuses ? { statuses } : {}) });

/**
 * The cards as they will be once the move lands: each leaves for the column's first status, or
 * the exact one an Undo names. Works on the board and on a column's extra pages alike (both carry
 * `items`).
 */
function moved<T extends Pick<Board, 'items'>>(
  board: T | undefined,
  { itemIds, stage, statuses }: Pick<MoveVars, 'itemIds' | 'stage' | 'statuses'>,
): T | undefined {
  if (!board) return board;
  const ids = new Set(itemIds);
  return {
    ...board,
    items: board.items.map((card) => {
      const status = ids.has(card.id) ? moveTarget(card.status, stage, statuses?.[card.id]) : null;
      return status ? { ...card, status, stage } : card;
    }),
  };
}

/**
 * Moves cards between stages (guide/production-board.md#moving-a-card): the board changes at once; succeeded or not,
 * the board, the task lists and the drawers reload from the server (a failed move puts the cards
 * back). The caller's options add its own feedback.
 */
export function useMoveItems({ onMutate, onSettled, ...options }: UseMutationOptions<BoardMoveResult, Error, MoveVars> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: moveItems,
    onMutate: async (vars, context) => {
      await queryClient.cancelQueries({ queryKey: requestKeys.board });
      queryClient.setQueriesData<Pick<Board, 'items'>>({ queryKey: requestKeys.board }, (board) => moved(board, vars));
      return onMutate?.(vars, context);
    },
    onSettled: async (...args) => {
      await invalidateKeys(queryClient, ITEM_WORK_KEYS);
      await onSettled?.(...args);
    },
  });
}
