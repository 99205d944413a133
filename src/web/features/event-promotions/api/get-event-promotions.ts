import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import type { EventPromotionsResponse } from '@shared/api/requests';
import type { PromotionDayWindow, PromotionTierFilter } from '@shared/domain/promotions';
import { api, qs } from '@web/lib/api';
import { requestKeys } from '@web/lib/request-keys';

export interface EventPromotionFilters {
  days: PromotionDayWindow;
  tier?: PromotionTierFilter;
}

/** Upcoming events with readiness, a page at a time; the key starts with 'requests' so item changes refresh it live. */
export const eventPromotionsQuery = (filters: EventPromotionFilters) =>
  infiniteQueryOptions({
    queryKey: [...requestKeys.eventPromotions, filters],
    queryFn: ({ pageParam }) =>
      api.get<EventPromotionsResponse>(`/api/event-promotions${qs({ days: filters.days, tier: filters.tier, cursor: pageParam })}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
