import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AvailabilityAnswer } from '@shared/api/people';
import type { AnswerableKind } from '@shared/domain/people-on-sundays';
import { api, qs } from '@web/lib/api';

/**
 * Everyone who can be given work, as a picker shows them for one day: blockouts, declines and
 * the week's load, with replacements for the assignment named (one statement on the server).
 * Under 'schedule', so a blockout or an answer anywhere reloads it.
 */
export const availabilityQuery = (date: string, target?: { kind: AnswerableKind; id: string } | null) =>
  queryOptions({
    queryKey: ['schedule', 'availability', date, target?.kind ?? null, target?.id ?? null],
    queryFn: ({ signal }) =>
      api.get<AvailabilityAnswer>(`/api/availability${qs({ date, kind: target?.kind, id: target?.id })}`, { signal }),
    staleTime: 30_000,
  });

/** A picker's availability; off until there is a date (and for readers who do not plan). */
export function useAvailability(date: string | null, enabled = true, target?: { kind: AnswerableKind; id: string } | null) {
  return useQuery({ ...availabilityQuery(date ?? '', target), enabled: enabled && !!date });
}
