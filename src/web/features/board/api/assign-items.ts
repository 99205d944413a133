import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { BoardAssignBody, BoardAssignResult } from '@shared/api/board';
import { api } from '@web/lib/api';
import { invalidateKeys, ITEM_WORK_KEYS } from '@web/lib/request-keys';

export const assignItems = (body: BoardAssignBody) => api.post<BoardAssignResult>('/api/board/assign', body);

/** 'Assign to...' on the selection (coordinator and above); the board, task lists and drawers reload either way. */
export function useAssignItems({ onSettled, ...options }: UseMutationOptions<BoardAssignResult, Error, BoardAssignBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: assignItems,
    onSettled: async (...args) => {
      await invalidateKeys(queryClient, ITEM_WORK_KEYS);
      await onSettled?.(...args);
    },
  });
}
