import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { IntakeFilters, IntakeResponse } from '@shared/api/requests';
import { api, qs } from '@web/lib/api';

/** The intake queue; the key starts with 'requests', so any change to requests reloads it live. */
export const intakeQuery = (filters: IntakeFilters) =>
  queryOptions({
    queryKey: ['requests', 'intake', filters],
    queryFn: () => api.get<IntakeResponse>(`/api/intake${qs({ ...filters })}`),
    placeholderData: keepPreviousData,
  });
