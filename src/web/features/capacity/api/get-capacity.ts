import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { AvailabilityResponse, CapacityCellResponse, CapacityResponse, RequestBookingsResponse } from '@shared/api/capacity';
import { api, qs } from '@web/lib/api';

/** The keys start with 'requests', the realtime topic: a submission or a change anywhere reloads them. */
export const capacityQuery = (from: string | null) =>
  queryOptions({
    queryKey: ['requests', 'capacity', from ?? 'now'],
    queryFn: () => api.get<CapacityResponse>(`/api/capacity${qs({ from })}`),
  });

/** The requests booking one channel's week, 50 at a time. */
export const capacityCellQuery = (channel: string, week: string) =>
  infiniteQueryOptions({
    queryKey: ['requests', 'capacity-cell', channel, week],
    queryFn: ({ pageParam }) => api.get<CapacityCellResponse>(`/api/capacity/cell${qs({ channel, week, cursor: pageParam })}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** What the new-request form's channels can still get, for its dates. */
export const availabilityQuery = (input: { promotionStart: string; eventStart: string; channels: readonly string[] }) =>
  queryOptions({
    queryKey: ['requests', 'availability', input.promotionStart, input.eventStart, [...input.channels].sort().join(',')],
    queryFn: () =>
      api.get<AvailabilityResponse>(
        `/api/capacity/availability${qs({ promotionStart: input.promotionStart, eventStart: input.eventStart, channels: input.channels.join(',') })}`,
      ),
    staleTime: 30_000,
  });

/** The weeks one request's items book, with each week's load (the drawer's Overview). */
export const requestBookingsQuery = (requestId: string) =>
  queryOptions({
    queryKey: ['requests', 'capacity-request', requestId],
    queryFn: () => api.get<RequestBookingsResponse>(`/api/capacity/requests/${requestId}`),
  });
