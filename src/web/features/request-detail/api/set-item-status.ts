import type { ManualItemStatus } from '@shared/domain/request-permissions';
import { api } from '@web/lib/api';
import { DRAWER_TOUCHES, useDrawerMutation, type DrawerMutationOptions } from './use-drawer-mutation';

export type ItemStatusVars = { itemId: string; status: ManualItemStatus };
type ItemStatusResult = { id: string; status: string };

export const setItemStatus = (vars: ItemStatusVars) =>
  api.post<ItemStatusResult>(`/api/items/${vars.itemId}/status`, { status: vars.status });

export function useSetItemStatus(options?: DrawerMutationOptions<ItemStatusVars, ItemStatusResult>) {
  return useDrawerMutation(setItemStatus, DRAWER_TOUCHES.itemWork, options);
}
