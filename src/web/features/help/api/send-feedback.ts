import { useMutation } from '@tanstack/react-query';
import type { HelpArticleId } from '@shared/domain/landing';
import { api } from '@web/lib/api';

/** Stores one Yes/No vote on an article; admins read the counts in Admin Settings. */
export function useSendFeedback() {
  return useMutation({
    mutationFn: (input: { article: HelpArticleId; helpful: boolean }) => api.post<{ ok: true }>('/api/help/feedback', input),
  });
}
