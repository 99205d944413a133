import { api } from '@web/lib/api';
import { DRAWER_TOUCHES, useDrawerMutation, type DrawerMutationOptions } from './use-drawer-mutation';

export type ReassignVars = { itemId: string; assigneeId: string | null };

/** Item reassignment is the tasks API's POST /api/tasks/:id/assign (an item is a task). */
export const reassignItem = (vars: ReassignVars) =>
  api.post<{ id: string }>(`/api/tasks/${vars.itemId}/assign`, { assigneeId: vars.assigneeId });

export function useReassignItem(options?: DrawerMutationOptions<ReassignVars, { id: string }>) {
  return useDrawerMutation(reassignItem, DRAWER_TOUCHES.itemWork, options);
}
