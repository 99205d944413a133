import { queryOptions } from '@tanstack/react-query';
import type { HealthLog } from '@shared/api/health';
import { api } from '@web/lib/api';

/** Starts with the realtime topic 'health', so a run or a resolve elsewhere reloads the list. */
export const HEALTH_KEY = ['health'] as const;

/** The latest 100 log rows, newest first, and the score of the latest run (admin only). */
export const healthLogQuery = queryOptions({
  queryKey: [...HEALTH_KEY, 'log'],
  queryFn: () => api.get<HealthLog>('/api/admin/system-health'),
});
