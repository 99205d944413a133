import type { ManualItemStatus } from '@shared/domain/request-permissions';
import { api } from '@web/lib/api';
import { useDrawerMutation } from './use-drawer-mutation';

export const setItemStatus = (vars: { itemId: string; status: ManualItemStatus }) =>
  api.post<{ id: string; status: string }>(`/api/items/${vars.itemId}/status`, { status: vars.status });

export function useSetItemStatus() {
  return useDrawerMutation(setItemStatus, { action: 'Item status update' });
}
