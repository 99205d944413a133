import { api } from '@web/lib/api';
import { DRAWER_TOUCHES, useDrawerMutation, type DrawerMutationOptions } from './use-drawer-mutation';

export const addViewer = (id: string, userId: string) => api.post<{ id: string }>(`/api/requests/${id}/viewers`, { userId });

export function useAddViewer(id: string, options?: DrawerMutationOptions<string, { id: string }>) {
  return useDrawerMutation((userId: string) => addViewer(id, userId), DRAWER_TOUCHES.drawerOnly(id), options);
}
