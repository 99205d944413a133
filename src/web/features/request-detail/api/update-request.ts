import type { UpdateRequestBody } from '@shared/api/request-detail';
import { api } from '@web/lib/api';
import { useDrawerMutation } from './use-drawer-mutation';

export const updateRequest = (id: string, body: UpdateRequestBody) =>
  api.patch<{ id: string; version: number }>(`/api/requests/${id}`, body);

/** Admin controls: status, coordinator or priority (one field per change, so one toast each). */
export function useUpdateRequest(id: string, action: string) {
  return useDrawerMutation((body: UpdateRequestBody) => updateRequest(id, body), { action });
}
