import { queryOptions, useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { BlockoutBody, BlockoutList } from '@shared/api/people';
import { api } from '@web/lib/api';

export const blockoutsKey = ['schedule', 'blockouts', 'mine'] as const;

export const myBlockoutsQuery = queryOptions({
  queryKey: blockoutsKey,
  queryFn: ({ signal }) => api.get<BlockoutList>('/api/account/blockouts', { signal }),
});

/** Adds or removes one of the person's blockouts; the answer is the list as it now is. */
export function useBlockoutChange<V>(send: (v: V) => Promise<BlockoutList>, options: UseMutationOptions<BlockoutList, Error, V> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: send,
    onSuccess: async (list, ...rest) => {
      queryClient.setQueryData(blockoutsKey, list);
      await options.onSuccess?.(list, ...rest);
    },
  });
}

export const addBlockout = (body: BlockoutBody) => api.post<BlockoutList>('/api/account/blockouts', body);
export const removeBlockout = (id: string) => api.delete<BlockoutList>(`/api/account/blockouts/${id}`);
