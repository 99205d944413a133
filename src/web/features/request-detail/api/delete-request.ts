import { api } from '@web/lib/api';
import { useDrawerMutation } from './use-drawer-mutation';

export const deleteRequest = (id: string) => api.delete<void>(`/api/requests/${id}`);

export function useDeleteRequest(id: string, onSuccess: () => void) {
  return useDrawerMutation(() => deleteRequest(id), { action: 'Delete', onSuccess, leaves: true });
}
