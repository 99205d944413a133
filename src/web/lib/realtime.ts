import { useEffect } from 'react';
import { useQueryClient, type QueryClient, type InvalidateQueryFilters, type QueryKey } from '@tanstack/react-query';

/**
 * How long events are gathered after one was acted on. Events come in bursts (a bulk assignment
 * sends one per item, a proof upload several), and each invalidation refetches every matching list
 * on screen; TanStack Query also cancels a refetch in flight to start it again, so a burst of N
 * events cost the server N reads of the same board. Now the first event of a quiet spell is acted
 * on at once and the rest of the burst once per window.
 */
export const REALTIME_COALESCE_MS = 200;

export interface Coalescer {
  add(keys: QueryKey[]): void;
  stop(): void;
}

/**
 * Leading and trailing: keys added while no window is open are flushed at once and open a window;
 * keys added during a window are gathered (each once) and flushed when it ends, which opens the
 * next. A steady stream of events is thus flushed at most once per window, and never delayed by more
 * than one window.
 */
export function coalesceKeys(flush: (keys: QueryKey[]) => void, windowMs = REALTIME_COALESCE_MS): Coalescer {
  const pending = new Map<string, QueryKey>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const open = () => {
    timer = setTimeout(() => {
      timer = null;
      if (!pending.size) return;
      const keys = [...pending.values()];
      pending.clear();
      flush(keys);
      open();
    }, windowMs);
  };
  return {
    add(keys) {
      if (timer === null) {
        flush(keys);
        open();
        return;
      }
      for (const key of keys) pending.set(JSON.stringify(key), key);
    },
    stop() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      pending.clear();
    },
  };
}

/**
 * Listens to /api/events while signed in and invalidates the queries whose key starts with the
 * event's topic (and, when the event names one, its id), gathered per REALTIME_COALESCE_MS. Data is
 * refetched through the API.
 */
export function useRealtimeInvalidation(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events');
    const coalescer = coalesceKeys((keys) => {
      for (const queryKey of keys) invalidateAfterMorePages(queryClient, { queryKey });
    });
    source.onmessage = (e) => {
      try {
        const { topic, id } = JSON.parse(e.data) as { topic: string; id?: string };
        coalescer.add(id ? [[topic], [topic.replace(/s$/, ''), id]] : [[topic]]);
      } catch {
        /* ignore malformed events */
      }
    };
    // After a reconnect we may have missed events: refetch what is on screen. The server says the
    // same with 'refetch' when it lost events itself (its database connection dropped, or another
    // instance could not pass them on).
    const refetchAll = () => invalidateAfterMorePages(queryClient, { refetchType: 'active' });
    source.addEventListener('ready', refetchAll);
    source.addEventListener('refetch', refetchAll);
    return () => {
      source.close();
      coalescer.stop();
    };
  }, [enabled, queryClient]);
}

/**
 * Invalidates the queries the filters match, but a list that is fetching a page a person asked for
 * (Load more) only once that page is in: TanStack Query cancels a fetch in flight for the refetch,
 * and the refetch brings back the pages the list had, so on a busy feed the click came to nothing.
 */
export function invalidateAfterMorePages(queryClient: QueryClient, filters: InvalidateQueryFilters): void {
  const cache = queryClient.getQueryCache();
  const fetchingMore = () =>
    cache.findAll(filters).some((query) => query.state.fetchStatus === 'fetching' && query.state.fetchMeta?.fetchMore !== undefined);
  if (!fetchingMore()) {
    void queryClient.invalidateQueries(filters);
    return;
  }
  const unsubscribe = cache.subscribe(() => {
    if (fetchingMore()) return;
    unsubscribe();
    void queryClient.invalidateQueries(filters);
  });
}
