import { queryOptions } from '@tanstack/react-query';
import type { RunwaySundays } from '@shared/api/sundays';
import { api } from '@web/lib/api';

/** A runway's next six Sundays (its view's cards). */
export const runwaySundaysQuery = (code: string) =>
  queryOptions({
    queryKey: ['sundays', 'runway', code],
    queryFn: () => api.get<RunwaySundays>(`/api/runways/${encodeURIComponent(code)}/sundays`),
  });
