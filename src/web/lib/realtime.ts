import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';

/**
 * Listens to /api/events while signed in and invalidates the queries whose key starts with the
 * event's topic (and, when the event names one, its id). Data is refetched through the API.
 */
export function useRealtimeInvalidation(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events');
    source.onmessage = (e) => {
      try {
        const { topic, id } = JSON.parse(e.data) as { topic: string; id?: string };
        void queryClient.invalidateQueries({ queryKey: [topic] });
        if (id) void queryClient.invalidateQueries({ queryKey: [topic.replace(/s$/, ''), id] });
      } catch {
        /* ignore malformed events */
      }
    };
    // After a reconnect we may have missed events: refetch what is on screen. The server says the
    // same with 'refetch' when it lost events itself (its database connection dropped, or another
    // instance could not pass them on).
    const refetchAll = () => void queryClient.invalidateQueries({ refetchType: 'active' });
    source.addEventListener('ready', refetchAll);
    source.addEventListener('refetch', refetchAll);
    return () => source.close();
  }, [enabled, queryClient]);
}
