import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { SundayWorkSaved } from '@shared/api/sunday-work';
import type { SundayWorkKind } from '@shared/domain/sunday-work';
import { api } from '@web/lib/api';
import { sundayWorkKey } from './get-sunday-work';

/** Finishing a piece of one's Sunday work: a task or a slide is complete, a video ready, a post scheduled. */
export const DONE_STEP: Record<SundayWorkKind, { path: string; body: object; label: string }> = {
  task: { path: 'tasks', body: { isComplete: true }, label: 'Mark complete' },
  video: { path: 'videos', body: { status: 'ready' }, label: 'Mark ready' },
  slide: { path: 'slides', body: { isComplete: true }, label: 'Mark complete' },
  post: { path: 'posts', body: { status: 'Scheduled' }, label: 'Mark scheduled' },
};

export type CompleteVars = { kind: SundayWorkKind; id: string };

export const completeSundayWork = ({ kind, id }: CompleteVars) =>
  api.patch<SundayWorkSaved>(`/api/sunday-work/${DONE_STEP[kind].path}/${id}`, DONE_STEP[kind].body);

/** Completes one's own Sunday work; the list and the Sunday reload either way. */
export function useCompleteSundayWork({ onSettled, ...options }: UseMutationOptions<SundayWorkSaved, Error, CompleteVars> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: completeSundayWork,
    onSettled: async (...args) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sundayWorkKey }),
        queryClient.invalidateQueries({ queryKey: ['sundays'] }),
      ]);
      await onSettled?.(...args);
    },
  });
}
