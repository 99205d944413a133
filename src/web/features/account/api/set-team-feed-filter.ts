import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FEEDS_MESSAGES as M, type Feed, type TeamFeedFilter } from '@shared/api/feeds';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';
import { feedsQuery } from './get-feeds';

/** Narrows the team feed to one ministry (or all): the link stays the same, calendars see the change at their next refresh. */
export function useSetTeamFeedFilter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TeamFeedFilter) => api.patch<{ feed: Feed }>('/api/account/feeds/team', body),
    onSuccess: () => toast({ title: M.filterSaved }),
    onError: (err) => toast({ title: M.failed, description: err.message, variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: feedsQuery.queryKey }),
  });
}
