import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { HelpArticleId } from '@shared/domain/landing';
import { api } from '@web/lib/api';

export type FeedbackVote = { article: HelpArticleId; helpful: boolean };

export const sendFeedback = (vote: FeedbackVote) => api.post<{ ok: true }>('/api/help/feedback', vote);

/** Stores one Yes/No vote on an article; admins read the counts in Admin Settings. */
export function useSendFeedback(options: UseMutationOptions<{ ok: true }, Error, FeedbackVote> = {}) {
  return useMutation({ ...options, mutationFn: sendFeedback });
}
