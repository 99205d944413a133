import { api } from '@web/lib/api';
import { useDrawerMutation } from './use-drawer-mutation';

export const approveProof = (itemId: string) => api.post<{ id: string; status: string }>(`/api/items/${itemId}/approve-proof`);

export function useApproveProof() {
  return useDrawerMutation(approveProof, { action: 'Proof approval' });
}
