import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnswerResult, LinkAbout } from '@shared/api/people';
import { api, qs } from '@web/lib/api';

/** What an e-mail's link is about: read only, so opening the page never answers. */
export const assignmentLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ['assignment-link', token],
    queryFn: ({ signal }) => api.get<LinkAbout>(`/api/assignment-links${qs({ token })}`, { signal }),
    retry: false,
  });

/** The answer, sent by the page's form. */
export function useAnswerByLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { response: 'accepted' | 'declined'; reason: string | null }) =>
      api.post<AnswerResult>('/api/assignment-links', { token, ...body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['assignment-link', token] }),
  });
}
