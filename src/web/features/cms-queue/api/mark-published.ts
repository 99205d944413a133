import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { MarkPublishedBody, MarkPublishedResult } from '@shared/api/cms-queue';
import { api } from '@web/lib/api';
import { invalidateKeys, ITEM_WORK_KEYS } from '@web/lib/request-keys';
import { cmsQueueKey } from './get-cms-queue';

export interface MarkPublishedVars extends MarkPublishedBody {
  itemId: string;
}

export const markPublished = ({ itemId, ...body }: MarkPublishedVars) =>
  api.post<MarkPublishedResult>(`/api/cms-queue/${itemId}/publish`, body);

/** Mark Published: the queue and every screen showing the item's work reload. */
export function useMarkPublished({ onSettled, ...options }: UseMutationOptions<MarkPublishedResult, Error, MarkPublishedVars> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: markPublished,
    onSettled: async (...args) => {
      await invalidateKeys(queryClient, [cmsQueueKey, ...ITEM_WORK_KEYS]);
      await onSettled?.(...args);
    },
  });
}
