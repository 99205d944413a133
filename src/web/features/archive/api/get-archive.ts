import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ArchiveKind, ArchiveResponse } from '@shared/api/requests';
import { api, qs } from '@web/lib/api';
import { requestKeys } from '@web/lib/request-keys';

/** Archived requests of one kind, a page at a time; the key starts with 'requests' so archiving elsewhere refreshes it. */
export const archiveQuery = (kind: ArchiveKind) =>
  infiniteQueryOptions({
    queryKey: [...requestKeys.archive, kind],
    queryFn: ({ pageParam }) => api.get<ArchiveResponse>(`/api/archive${qs({ kind, cursor: pageParam })}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
