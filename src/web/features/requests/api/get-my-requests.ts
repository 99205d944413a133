import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { MyRequestsFilters, MyRequestsResponse } from '@shared/api/requests';
import { api, qs } from '@web/lib/api';
import { requestKeys } from '@web/lib/request-keys';

/** My Requests: both sections in one call. The key starts with 'requests' so realtime refreshes it. */
export const myRequestsQuery = (filters: MyRequestsFilters) =>
  queryOptions({
    queryKey: [...requestKeys.mine, filters],
    queryFn: () => api.get<MyRequestsResponse>(`/api/requests/mine${qs({ ...filters })}`),
    placeholderData: keepPreviousData,
  });
