import { api } from '@web/lib/api';
import { DRAWER_TOUCHES, useDrawerMutation, type DrawerMutationOptions } from './use-drawer-mutation';

export type ChangesVars = { itemId: string; feedback: string };
type Step = { id: string; status: string };

export const requestChanges = (vars: ChangesVars) =>
  api.post<Step>(`/api/items/${vars.itemId}/request-changes`, { feedback: vars.feedback });

export function useRequestChanges(options?: DrawerMutationOptions<ChangesVars, Step>) {
  return useDrawerMutation(requestChanges, DRAWER_TOUCHES.itemWork, options);
}
