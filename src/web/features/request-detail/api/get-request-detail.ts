import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestDetail } from '@shared/api/request-detail';
import { api } from '@web/lib/api';
import { requestKeys } from '@web/lib/request-keys';

/** Key starts with 'requests' so the realtime stream reloads the drawer on any change (guide/requests.md#the-request-drawer). */
export const requestDetailKey = requestKeys.detail;

export const getRequestDetail = (id: string) => api.get<RequestDetail>(`/api/requests/${encodeURIComponent(id)}`);

export const requestDetailQuery = (id: string) => queryOptions({ queryKey: requestDetailKey(id), queryFn: () => getRequestDetail(id) });

export function useRequestDetail(id: string) {
  return useQuery(requestDetailQuery(id));
}
