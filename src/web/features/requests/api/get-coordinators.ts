import { queryOptions } from '@tanstack/react-query';
import type { PersonDto } from '@shared/api/requests';
import { api } from '@web/lib/api';

/** Coordinator candidates (admins and coordinators), for the coordinator filter. */
export const coordinatorsQuery = queryOptions({
  queryKey: ['users', 'coordinators'],
  queryFn: () => api.get<PersonDto[]>('/api/users/coordinators'),
  staleTime: 5 * 60_000,
});
