import { api } from '@web/lib/api';
import { useDrawerMutation } from './use-drawer-mutation';

export const removeViewer = (id: string, userId: string) => api.delete<void>(`/api/requests/${id}/viewers/${userId}`);

export function useRemoveViewer(id: string) {
  return useDrawerMutation((userId: string) => removeViewer(id, userId), { action: 'Viewer removal' });
}
