import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import type { IntakeFilters, IntakeResponse } from '@shared/api/requests';
import { api, qs } from '@web/lib/api';
import { requestKeys } from '@web/lib/request-keys';

/**
 * The intake queue, a keyset page at a time; the key starts with 'requests', so any change to
 * requests reloads it live.
 */
export const intakeQuery = (filters: Omit<IntakeFilters, 'cursor'>) =>
  infiniteQueryOptions({
    queryKey: [...requestKeys.intake, filters],
    queryFn: ({ pageParam }) => api.get<IntakeResponse>(`/api/intake${qs({ ...filters, cursor: pageParam })}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
