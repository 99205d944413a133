import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ViewerCandidate } from '@shared/api/request-detail';
import { api } from '@web/lib/api';

export const viewerCandidatesQuery = queryOptions({
  queryKey: ['requests', 'viewer-candidates'],
  queryFn: async () => (await api.get<{ users: ViewerCandidate[] }>('/api/users/viewers')).users,
  staleTime: 60_000,
});

/** Users with role viewer, for the add-viewer select (coordinators only). */
export function useViewerCandidates(enabled: boolean) {
  return useQuery({ ...viewerCandidatesQuery, enabled });
}
