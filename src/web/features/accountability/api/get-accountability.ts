import { queryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Accountability, AccountabilityList, AccountabilityListPage } from '@shared/api/accountability';
import { api, qs } from '@web/lib/api';

/** Every number of the page, computed by the server; the key starts with 'requests' so item and request changes reload it. */
export const accountabilityQuery = queryOptions({
  queryKey: ['requests', 'accountability'] as const,
  queryFn: () => api.get<Accountability>('/api/accountability'),
});

/**
 * The further pages of one flagged list ('Load more', decision 0060), after the cursor the page's
 * first read gave (`first`). Read only when asked: the key holds that cursor, so a reload of the
 * page that moves the first rows starts the list again from them.
 */
export function useMoreRows<L extends AccountabilityList>(list: L, first: string | null) {
  return useInfiniteQuery({
    queryKey: ['requests', 'accountability', 'list', list, first] as const,
    queryFn: ({ pageParam }) =>
      api.get<Extract<AccountabilityListPage, { list: L }>>(`/api/accountability/list${qs({ list, cursor: pageParam ?? '' })}`),
    initialPageParam: first,
    getNextPageParam: (last) => last.next,
    enabled: false,
  });
}
