import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { AssignTaskBody, AssignTaskResult } from '@shared/api/tasks';
import { api } from '@web/lib/api';
import { invalidateKeys, ITEM_WORK_KEYS } from '@web/lib/request-keys';

export type AssignTaskVars = { taskId: string } & AssignTaskBody;

export const assignTask = ({ taskId, assigneeId, confirmBlockout }: AssignTaskVars) =>
  api.post<AssignTaskResult>(`/api/tasks/${taskId}/assign`, confirmBlockout ? { assigneeId, confirmBlockout } : { assigneeId });

/**
 * Reassigns a task to a person, to the Church Media Squad, or to no one. Settled either way, the
 * task lists, the board and the drawers reload (on failure the select goes back to the saved assignee).
 */
export function useAssignTask({ onSettled, ...options }: UseMutationOptions<AssignTaskResult, Error, AssignTaskVars> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: assignTask,
    onSettled: async (...args) => {
      await invalidateKeys(queryClient, ITEM_WORK_KEYS);
      await onSettled?.(...args);
    },
  });
}
