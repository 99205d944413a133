import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { helpFeedbackSummary } from '@shared/api/landing';
import { api } from '@web/lib/api';

export type HelpFeedbackSummary = z.infer<typeof helpFeedbackSummary>;

/** Yes/No counts per help article. */
export const helpFeedbackQuery = queryOptions({
  queryKey: ['admin', 'help-feedback'],
  queryFn: () => api.get<HelpFeedbackSummary>('/api/admin/help-feedback'),
});
