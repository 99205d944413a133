import { queryOptions } from '@tanstack/react-query';
import type { SignInOptions } from '@shared/api/auth';
import { api } from '@web/lib/api';

/** What the sign-in page offers: the password form, and single sign-on with its label (decision 0036). */
export const signInOptionsQuery = queryOptions({
  queryKey: ['sign-in-options'],
  queryFn: () => api.get<SignInOptions>('/api/auth/sign-in-options'),
  staleTime: 5 * 60_000,
});
