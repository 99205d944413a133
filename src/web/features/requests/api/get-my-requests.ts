import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import type { MyRequestSection, MyRequestsFilters, MyRequestsResponse } from '@shared/api/requests';
import { api, qs } from '@web/lib/api';
import { requestKeys } from '@web/lib/request-keys';

export type MyRequestsListFilters = Omit<MyRequestsFilters, 'section' | 'cursor'>;

/**
 * One section of My Requests, a keyset page at a time ("Load more" appends the next). The key
 * starts with 'requests' so realtime refreshes it.
 */
export const myRequestsQuery = (section: MyRequestSection, filters: MyRequestsListFilters) =>
  infiniteQueryOptions({
    queryKey: [...requestKeys.mine, section, filters],
    queryFn: ({ pageParam }) => api.get<MyRequestsResponse>(`/api/requests/mine${qs({ section, ...filters, cursor: pageParam })}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
