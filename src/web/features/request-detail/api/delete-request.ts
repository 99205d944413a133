import { api } from '@web/lib/api';
import { DRAWER_TOUCHES, useDrawerMutation, type DrawerMutationOptions } from './use-drawer-mutation';

export const deleteRequest = (id: string) => api.delete<void>(`/api/requests/${id}`);

/** The request is gone: the caller leaves the drawer, and the lists are marked stale, not the gone drawer refetched. */
export function useDeleteRequest(id: string, options?: DrawerMutationOptions<void, void>) {
  return useDrawerMutation(() => deleteRequest(id), DRAWER_TOUCHES.request, options, { leaves: true });
}
