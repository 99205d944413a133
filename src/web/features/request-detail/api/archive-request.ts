import { api } from '@web/lib/api';
import { DRAWER_TOUCHES, useDrawerMutation, type DrawerMutationOptions } from './use-drawer-mutation';

export type ArchiveKind = 'recurring' | 'onetime';
type Saved = { id: string; version: number };

export const archiveRequest = (id: string, kind: ArchiveKind) => api.post<Saved>(`/api/requests/${id}/archive`, { kind });

export function useArchiveRequest(id: string, options?: DrawerMutationOptions<ArchiveKind, Saved>) {
  return useDrawerMutation((kind: ArchiveKind) => archiveRequest(id, kind), DRAWER_TOUCHES.request, options);
}
