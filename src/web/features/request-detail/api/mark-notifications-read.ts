import { useEffect } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { marksNotificationsReadOnOpen } from '@shared/domain/roles';
import { useCurrentUser } from '@web/features/auth';
import { api } from '@web/lib/api';

/**
 * Opening a request marks the person's notifications about it read when they are below
 * coordinator (guide/notifications-and-email.md#read-when-opened); the server applies the same rule. Failure is silent: the
 * notifications stay unread and the bell still offers them.
 */
export function useMarkNotificationsReadOnOpen(requestId: string) {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const { mutate } = useMutation({
    mutationFn: () => api.post<{ updated: number }>('/api/notifications/read-for-request', { requestId }),
    onSuccess: ({ updated }) => {
      if (updated > 0) void queryClient.invalidateQueries({ queryKey: ['notifications'] });
    },
  });
  const applies = marksNotificationsReadOnOpen(user?.role);
  useEffect(() => {
    if (applies) mutate();
  }, [applies, requestId, mutate]);
}
