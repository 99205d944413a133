import { queryOptions } from '@tanstack/react-query';
import type { ApprovalList } from '@shared/api/approvals';
import { api } from '@web/lib/api';

/** Pending additional items; the key starts with 'requests' so request changes reload it live. */
export const approvalsQuery = queryOptions({
  queryKey: ['requests', 'approvals'],
  queryFn: () => api.get<ApprovalList>('/api/approvals'),
});
