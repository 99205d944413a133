import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { IntakeFilters, IntakeResponse } from '@shared/api/requests';
import { api, qs } from '@web/lib/api';
import { requestKeys } from '@web/lib/request-keys';

/** The intake queue; the key starts with 'requests', so any change to requests reloads it live. */
export const intakeQuery = (filters: IntakeFilters) =>
  queryOptions({
    queryKey: [...requestKeys.intake, filters],
    queryFn: () => api.get<IntakeResponse>(`/api/intake${qs({ ...filters })}`),
    placeholderData: keepPreviousData,
  });
