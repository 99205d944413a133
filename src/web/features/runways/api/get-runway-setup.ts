import { queryOptions } from '@tanstack/react-query';
import type { RunwaySetup } from '@shared/api/runway-setup';
import { api } from '@web/lib/api';

/** GET /api/runway-setup: every runway (archived too) with its recurring tasks, and the assignee picker. */
export const runwaySetupQuery = queryOptions({
  queryKey: ['sundays', 'runway-setup'],
  queryFn: () => api.get<RunwaySetup>('/api/runway-setup'),
});
