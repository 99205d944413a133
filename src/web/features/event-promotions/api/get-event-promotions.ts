import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { EventPromotionsResponse } from '@shared/api/requests';
import type { PromotionDayWindow, PromotionTierFilter } from '@shared/domain/promotions';
import { api, qs } from '@web/lib/api';
import { requestKeys } from '@web/lib/request-keys';

export interface EventPromotionFilters {
  days: PromotionDayWindow;
  tier?: PromotionTierFilter;
}

/** Upcoming events with readiness; the key starts with 'requests' so item changes refresh it live. */
export const eventPromotionsQuery = (filters: EventPromotionFilters) =>
  queryOptions({
    queryKey: [...requestKeys.eventPromotions, filters],
    queryFn: () => api.get<EventPromotionsResponse>(`/api/event-promotions${qs({ days: filters.days, tier: filters.tier })}`),
    placeholderData: keepPreviousData,
  });
