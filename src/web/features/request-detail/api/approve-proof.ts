import { api } from '@web/lib/api';
import { DRAWER_TOUCHES, useDrawerMutation, type DrawerMutationOptions } from './use-drawer-mutation';

type Step = { id: string; status: string };

export const approveProof = (itemId: string) => api.post<Step>(`/api/items/${itemId}/approve-proof`);

export function useApproveProof(options?: DrawerMutationOptions<string, Step>) {
  return useDrawerMutation(approveProof, DRAWER_TOUCHES.itemWork, options);
}
