import type { UpdateDetailsBody } from '@shared/api/request-detail';
import { api } from '@web/lib/api';
import { useDrawerMutation } from './use-drawer-mutation';

export const updateDetails = (id: string, body: UpdateDetailsBody) =>
  api.patch<{ id: string; version: number }>(`/api/requests/${id}/details`, body);

export function useUpdateDetails(id: string, onSuccess: () => void) {
  return useDrawerMutation((body: UpdateDetailsBody) => updateDetails(id, body), { action: 'Details update', onSuccess });
}
