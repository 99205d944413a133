import { queryOptions } from '@tanstack/react-query';
import type { ApprovalList } from '@shared/api/approvals';
import { api } from '@web/lib/api';
import { requestKeys } from '@web/lib/request-keys';

/** Pending additional items; the key starts with 'requests' so request changes reload it live. */
export const approvalsQuery = queryOptions({
  queryKey: requestKeys.approvals,
  queryFn: () => api.get<ApprovalList>('/api/approvals'),
});
