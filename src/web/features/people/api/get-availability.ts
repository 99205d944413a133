import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AvailabilityAnswer } from '@shared/api/people';
import { api, qs } from '@web/lib/api';

/**
 * Everyone who can be given work, as a picker shows them for one day (blockouts, declines and the
 * week's load), with the replacements of every declined or blocked-out assignment of that day:
 * one request per day, one statement on the server, whatever the number of rows a screen shows.
 * Under 'schedule', so a blockout or an answer anywhere reloads it.
 */
export const availabilityQuery = (date: string) =>
  queryOptions({
    queryKey: ['schedule', 'availability', date],
    queryFn: ({ signal }) => api.get<AvailabilityAnswer>(`/api/availability${qs({ date })}`, { signal }),
    staleTime: 30_000,
  });

/** A picker's availability; off until there is a date (and for readers who do not plan). */
export function useAvailability(date: string | null, enabled = true) {
  return useQuery({ ...availabilityQuery(date ?? ''), enabled: enabled && !!date });
}
