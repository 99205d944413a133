import { DRAWER_MESSAGES } from '@shared/api/request-detail';
import { api } from '@web/lib/api';
import { useDrawerMutation } from './use-drawer-mutation';

export const addViewer = (id: string, userId: string) => api.post<{ id: string }>(`/api/requests/${id}/viewers`, { userId });

export function useAddViewer(id: string, onSuccess: () => void) {
  return useDrawerMutation((userId: string) => addViewer(id, userId), {
    action: 'Viewer add',
    failure: DRAWER_MESSAGES.creationFailed,
    onSuccess,
  });
}
