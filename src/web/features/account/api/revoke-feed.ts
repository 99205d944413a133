import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FEEDS_MESSAGES as M, type FeedKind } from '@shared/api/feeds';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';
import { feedsQuery } from './get-feeds';

/** Revokes a feed: its link stops working at once. */
export function useRevokeFeed(onRevoked: (kind: FeedKind) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: FeedKind) => api.delete<void>(`/api/account/feeds/${kind}`),
    onSuccess: (_result, kind) => {
      onRevoked(kind);
      toast({ title: M.revoked });
    },
    onError: (err) => toast({ title: M.failed, description: err.message, variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: feedsQuery.queryKey }),
  });
}
