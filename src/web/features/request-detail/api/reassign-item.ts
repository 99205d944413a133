import type { AssignTaskBody } from '@shared/api/tasks';
import { api } from '@web/lib/api';
import { DRAWER_TOUCHES, useDrawerMutation, type DrawerMutationOptions } from './use-drawer-mutation';

export type ReassignVars = { itemId: string } & AssignTaskBody;

/**
 * Item reassignment is the tasks API's POST /api/tasks/:id/assign (an item is a task);
 * `confirmBlockout` once the coordinator has confirmed someone blocked out that day.
 */
export const reassignItem = ({ itemId, assigneeId, confirmBlockout }: ReassignVars) =>
  api.post<{ id: string }>(`/api/tasks/${itemId}/assign`, confirmBlockout ? { assigneeId, confirmBlockout } : { assigneeId });

export function useReassignItem(options?: DrawerMutationOptions<ReassignVars, { id: string }>) {
  return useDrawerMutation(reassignItem, DRAWER_TOUCHES.itemWork, options);
}
