import { queryOptions } from '@tanstack/react-query';
import type { SundayDetail } from '@shared/api/sundays';
import { api } from '@web/lib/api';

/** One whole Sunday for the plan dialogs: its groups, sermon, pickers, lock and allowed actions. */
export const sundayQuery = (date: string) =>
  queryOptions({
    queryKey: ['sundays', 'sunday', date],
    queryFn: () => api.get<SundayDetail>(`/api/sundays/${date}`),
  });
