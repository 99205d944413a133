import { api } from '@web/lib/api';
import { DRAWER_TOUCHES, useDrawerMutation, type DrawerMutationOptions } from './use-drawer-mutation';

type Step = { id: string; status: string };

export const markProofReady = (itemId: string) => api.post<Step>(`/api/items/${itemId}/proof-ready`);

export function useMarkProofReady(options?: DrawerMutationOptions<string, Step>) {
  return useDrawerMutation(markProofReady, DRAWER_TOUCHES.itemWork, options);
}
