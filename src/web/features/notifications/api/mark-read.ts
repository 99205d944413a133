import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export const markRead = (id: string) => api.post<void>(`/api/notifications/${id}/read`);

/** Marks one notification read; the bell, the list and the count reload either way. */
export function useMarkRead({ onSettled, ...options }: UseMutationOptions<void, Error, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: markRead,
    onSettled: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: ['notifications'] });
      await onSettled?.(...args);
    },
  });
}
