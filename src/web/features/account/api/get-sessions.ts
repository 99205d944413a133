import { queryOptions } from '@tanstack/react-query';
import type { AccountSession } from '@shared/api/two-factor';
import { api } from '@web/lib/api';

/** The person's signed-in sessions, this device first. */
export const accountSessionsQuery = queryOptions({
  queryKey: ['account', 'sessions'],
  queryFn: async () => (await api.get<{ sessions: AccountSession[] }>('/api/account/sessions')).sessions,
});
