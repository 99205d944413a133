import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@web/lib/api';

type MarkAllResult = { updated: number };

export const markAllRead = () => api.post<MarkAllResult>('/api/notifications/read-all');

/** Marks every unread notification of the user read; the bell, the list and the count reload either way. */
export function useMarkAllRead({ onSettled, ...options }: UseMutationOptions<MarkAllResult, Error, void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: markAllRead,
    onSettled: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: ['notifications'] });
      await onSettled?.(...args);
    },
  });
}
