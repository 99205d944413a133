import { queryOptions } from '@tanstack/react-query';
import type { ArchiveKind, ArchiveResponse } from '@shared/api/requests';
import { api, qs } from '@web/lib/api';
import { requestKeys } from '@web/lib/request-keys';

/** Archived requests of one kind; the key starts with 'requests' so archiving elsewhere refreshes it. */
export const archiveQuery = (kind: ArchiveKind) =>
  queryOptions({
    queryKey: [...requestKeys.archive, kind],
    queryFn: () => api.get<ArchiveResponse>(`/api/archive${qs({ kind })}`),
  });
