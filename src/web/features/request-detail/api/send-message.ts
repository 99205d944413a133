import { DRAWER_MESSAGES } from '@shared/api/request-detail';
import { api } from '@web/lib/api';
import { useDrawerMutation } from './use-drawer-mutation';

export const sendMessage = (id: string, body: string) => api.post<{ id: string }>(`/api/requests/${id}/messages`, { body });

export function useSendMessage(id: string, onSuccess: () => void) {
  return useDrawerMutation((body: string) => sendMessage(id, body), {
    action: 'Message',
    failure: DRAWER_MESSAGES.creationFailed,
    onSuccess,
  });
}
