import { api } from '@web/lib/api';
import { DRAWER_TOUCHES, useDrawerMutation, type DrawerMutationOptions } from './use-drawer-mutation';

export const removeViewer = (id: string, userId: string) => api.delete<void>(`/api/requests/${id}/viewers/${userId}`);

export function useRemoveViewer(id: string, options?: DrawerMutationOptions<string, void>) {
  return useDrawerMutation((userId: string) => removeViewer(id, userId), DRAWER_TOUCHES.drawerOnly(id), options);
}
