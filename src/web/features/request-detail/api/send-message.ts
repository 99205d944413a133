import { api } from '@web/lib/api';
import { DRAWER_TOUCHES, useDrawerMutation, type DrawerMutationOptions } from './use-drawer-mutation';

export const sendMessage = (id: string, body: string) => api.post<{ id: string }>(`/api/requests/${id}/messages`, { body });

export function useSendMessage(id: string, options?: DrawerMutationOptions<string, { id: string }>) {
  return useDrawerMutation((body: string) => sendMessage(id, body), DRAWER_TOUCHES.drawerOnly(id), options);
}
