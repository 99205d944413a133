import { api } from '@web/lib/api';
import { useDrawerMutation } from './use-drawer-mutation';

export const markProofReady = (itemId: string) => api.post<{ id: string; status: string }>(`/api/items/${itemId}/proof-ready`);

export function useMarkProofReady() {
  return useDrawerMutation(markProofReady, { action: 'Mark Ready for Proof' });
}
