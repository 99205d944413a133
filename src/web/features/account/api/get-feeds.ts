import { queryOptions } from '@tanstack/react-query';
import type { FeedsResponse } from '@shared/api/feeds';
import { api } from '@web/lib/api';

/** The person's calendar feeds (never their tokens), whether a team feed is theirs, the ministries to narrow it to. */
export const feedsQuery = queryOptions({
  queryKey: ['account', 'feeds'],
  queryFn: () => api.get<FeedsResponse>('/api/account/feeds'),
});
