import { queryOptions } from '@tanstack/react-query';
import type { DuplicateSource } from '@shared/api/submission';
import { api } from '@web/lib/api';

/** The fields an earlier request lends to a new one (guide/requests.md#the-new-request-form, ?duplicate={id}). */
export const duplicateSourceQuery = (id: string) =>
  queryOptions({
    queryKey: ['requests', 'duplicate-source', id],
    queryFn: () => api.get<DuplicateSource>(`/api/requests/${encodeURIComponent(id)}/duplicate-source`),
    staleTime: Infinity,
    retry: false,
  });
