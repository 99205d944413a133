import type { UpdateDetailsBody } from '@shared/api/request-detail';
import { api } from '@web/lib/api';
import { DRAWER_TOUCHES, useDrawerMutation, type DrawerMutationOptions } from './use-drawer-mutation';

type Saved = { id: string; version: number };

export const updateDetails = (id: string, body: UpdateDetailsBody) => api.patch<Saved>(`/api/requests/${id}/details`, body);

export function useUpdateDetails(id: string, options?: DrawerMutationOptions<UpdateDetailsBody, Saved>) {
  return useDrawerMutation((body: UpdateDetailsBody) => updateDetails(id, body), DRAWER_TOUCHES.request, options);
}
