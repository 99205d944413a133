import type { UpdateRequestBody } from '@shared/api/request-detail';
import { api } from '@web/lib/api';
import { DRAWER_TOUCHES, useDrawerMutation, type DrawerMutationOptions } from './use-drawer-mutation';

type Saved = { id: string; version: number };

export const updateRequest = (id: string, body: UpdateRequestBody) => api.patch<Saved>(`/api/requests/${id}`, body);

/** Admin controls: status, coordinator or priority (one field per change). */
export function useUpdateRequest(id: string, options?: DrawerMutationOptions<UpdateRequestBody, Saved>) {
  return useDrawerMutation((body: UpdateRequestBody) => updateRequest(id, body), DRAWER_TOUCHES.request, options);
}
