import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { AnswerBody, AnswerResult } from '@shared/api/people';
import type { AnswerableKind } from '@shared/domain/people-on-sundays';
import { api } from '@web/lib/api';
import { invalidateKeys, ITEM_WORK_KEYS } from '@web/lib/request-keys';

export type AnswerVars = { kind: AnswerableKind; id: string } & AnswerBody;

export const answerAssignment = ({ kind, id, ...body }: AnswerVars) =>
  api.post<AnswerResult>(`/api/assignments/${kind}/${id}/response`, body);

/** Accepts or declines one's own assignment; the lists, the Sundays and the schedule reload. */
export function useAnswerAssignment({ onSettled, ...options }: UseMutationOptions<AnswerResult, Error, AnswerVars> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: answerAssignment,
    onSettled: async (...args) => {
      await Promise.all([
        invalidateKeys(queryClient, ITEM_WORK_KEYS),
        queryClient.invalidateQueries({ queryKey: ['sundays'] }),
        queryClient.invalidateQueries({ queryKey: ['tasks'] }),
        queryClient.invalidateQueries({ queryKey: ['schedule'] }),
      ]);
      await onSettled?.(...args);
    },
  });
}
