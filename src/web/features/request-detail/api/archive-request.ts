import { api } from '@web/lib/api';
import { useDrawerMutation } from './use-drawer-mutation';

export type ArchiveKind = 'recurring' | 'onetime';
export const archiveRequest = (id: string, kind: ArchiveKind) =>
  api.post<{ id: string; version: number }>(`/api/requests/${id}/archive`, { kind });

export function useArchiveRequest(id: string) {
  return useDrawerMutation((kind: ArchiveKind) => archiveRequest(id, kind), { action: 'Archive' });
}
