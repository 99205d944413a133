import { QueryClient } from '@tanstack/react-query';
import { ApiError, isUnavailable } from './api';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: true,
        // Authorization failures are answers, not glitches: do not retry them. Nor an outage the
        // API client already waited through (it retries reads on 503 itself, telling the person).
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && !isUnavailable(error) && count < 2,
      },
    },
  });
}
