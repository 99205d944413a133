import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { DetailList, DetailPages, RequestDetail } from '@shared/api/request-detail';
import { api } from '@web/lib/api';
import { requestKeys } from '@web/lib/request-keys';

/**
 * "Show more" in the drawer's lists (decision 0029). The drawer's own read carries each list's
 * first page; older pages come from GET /api/requests/:id/<list>?cursor=. The key sits under the
 * drawer's, so a realtime event or a mutation that reloads the drawer reloads an opened list too.
 */
export const detailPageKey = (requestId: string, list: DetailList) => [...requestKeys.detail(requestId), list] as const;

export function getDetailPage<K extends DetailList>(requestId: string, list: K, cursor: string | null): Promise<DetailPages[K]> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return api.get<DetailPages[K]>(`/api/requests/${encodeURIComponent(requestId)}/${list}${query}`);
}

export interface DetailListState<E> {
  entries: E[];
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  showMore: () => void;
}

/**
 * One of the drawer's lists, its first page from the drawer and older pages appended on demand.
 * Until "Show more" the list is the drawer's page and no query of its own runs (so a realtime
 * event costs one read, not four); once opened, TanStack refetches its pages in order on
 * invalidation, each from the previous page's cursor, so pages never overlap or leave gaps.
 */
export function useDetailList<K extends DetailList>(detail: RequestDetail, list: K): DetailListState<DetailPages[K]['entries'][number]> {
  const queryClient = useQueryClient();
  const key = detailPageKey(detail.id, list);
  const first = { entries: detail[list], ...detail.pages[list] } as DetailPages[K];
  const query = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => getDetailPage(detail.id, list, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: DetailPages[K]) => last.nextCursor,
    enabled: (q) => (q.state.data?.pages.length ?? 0) > 1,
  });
  const opened = query.data && query.data.pages.length > 1;
  const pages = opened ? query.data.pages : [first];
  const seen = new Set<string>();
  const entries = pages
    .flatMap((p) => p.entries as Array<DetailPages[K]['entries'][number]>)
    .filter((e) => (seen.has(e.id) ? false : (seen.add(e.id), true)));
  const showMore = () => {
    // Start from the page on screen: the drawer's, which may be newer than anything cached here.
    if (!opened) queryClient.setQueryData<InfiniteData<DetailPages[K], string | null>>(key, { pages: [first], pageParams: [null] });
    void query.fetchNextPage();
  };
  return {
    entries,
    hasMore: pages[pages.length - 1].hasMore,
    loading: query.isFetchingNextPage,
    failed: query.isFetchNextPageError,
    showMore,
  };
}
