import { queryOptions } from '@tanstack/react-query';
import type { RunwayDashboard } from '@shared/api/sundays';
import { api } from '@web/lib/api';

/** The dashboard in one read; the key starts with 'sundays', so any Sunday-plan change reloads it live. */
export const dashboardQuery = queryOptions({
  queryKey: ['sundays', 'dashboard'],
  queryFn: () => api.get<RunwayDashboard>('/api/runways/dashboard'),
});
