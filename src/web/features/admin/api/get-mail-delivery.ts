import { queryOptions } from '@tanstack/react-query';
import type { MailDelivery } from '@shared/api/outbox';
import { api } from '@web/lib/api';

/** Whether e-mails are delivered at all, and what waits; the 'outbox' realtime topic refreshes it. */
export const mailDeliveryQuery = queryOptions({
  queryKey: ['outbox', 'delivery'],
  queryFn: () => api.get<MailDelivery>('/api/admin/outbox/delivery'),
});
