import { api } from '@web/lib/api';
import { useDrawerMutation } from './use-drawer-mutation';

export const requestChanges = (vars: { itemId: string; feedback: string }) =>
  api.post<{ id: string; status: string }>(`/api/items/${vars.itemId}/request-changes`, { feedback: vars.feedback });

export function useRequestChanges(onSuccess: () => void) {
  return useDrawerMutation(requestChanges, { action: 'Change request', onSuccess });
}
