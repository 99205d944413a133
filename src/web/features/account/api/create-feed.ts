import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FEEDS_MESSAGES as M, type CreatedFeed, type FeedKind } from '@shared/api/feeds';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';
import { feedsQuery } from './get-feeds';

/**
 * Makes a feed or regenerates its link: the answer carries the URL, shown once (decision 0033), so
 * it goes to `onCreated` and is kept by the section, not in the query cache.
 */
export function useCreateFeed(onCreated: (created: CreatedFeed) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, ministryId }: { kind: FeedKind; ministryId?: string | null }) =>
      api.post<CreatedFeed>(`/api/account/feeds/${kind}`, kind === 'team' ? { ministryId: ministryId ?? null } : {}),
    onSuccess: (created) => {
      onCreated(created);
      toast({ title: M.created });
      void queryClient.invalidateQueries({ queryKey: feedsQuery.queryKey });
    },
    onError: (err) => toast({ title: M.failed, description: err.message, variant: 'destructive' }),
  });
}
