import { queryOptions } from '@tanstack/react-query';
import type { TwoFactorStatus } from '@shared/api/two-factor';
import { api } from '@web/lib/api';

/** Whether two-step verification is on, how many recovery codes are left, and whether the person's role requires it. */
export const twoFactorQuery = queryOptions({
  queryKey: ['account', 'two-factor'],
  queryFn: () => api.get<TwoFactorStatus>('/api/account/two-factor'),
});
