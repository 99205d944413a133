import { TASK_MESSAGES } from '@shared/api/tasks';
import { api } from '@web/lib/api';
import { useDrawerMutation } from './use-drawer-mutation';

/** Item reassignment is the tasks API's POST /api/tasks/:id/assign (an item is a task). */
export const reassignItem = (vars: { itemId: string; assigneeId: string | null }) =>
  api.post<{ id: string }>(`/api/tasks/${vars.itemId}/assign`, { assigneeId: vars.assigneeId });

export function useReassignItem() {
  return useDrawerMutation(reassignItem, { action: 'Reassignment', failure: TASK_MESSAGES.reassignmentFailed });
}
