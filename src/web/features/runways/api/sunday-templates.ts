import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  SUNDAY_TEMPLATE_MESSAGES as M,
  type ApplyTemplateResult,
  type SundayTemplateBody,
  type SundayTemplatesResponse,
} from '@shared/api/sunday-templates';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';

/** GET /api/sunday-templates: the church's Sunday templates, with the runways and people a task may name. */
export const sundayTemplatesQuery = queryOptions({
  queryKey: ['sundays', 'templates'],
  queryFn: () => api.get<SundayTemplatesResponse>('/api/sunday-templates'),
});

/** Saves a new template (no id) or an edited one; refusals are the form's to show. */
export function useSaveSundayTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: SundayTemplateBody }) =>
      id ? api.put<{ id: string }>(`/api/sunday-templates/${id}`, body) : api.post<{ id: string }>('/api/sunday-templates', body),
    onSuccess: () => toast({ title: M.saved }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['sundays', 'templates'] }),
  });
}

export function useDeleteSundayTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ id: string }>(`/api/sunday-templates/${id}`),
    onSuccess: () => toast({ title: M.deleted }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['sundays', 'templates'] }),
  });
}

/** Applies a template to a Sunday; the Sunday reloads and the answer says what was added. */
export function useApplySundayTemplate(date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<ApplyTemplateResult>(`/api/sundays/${date}/templates/${id}/apply`, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['sundays'] }),
  });
}
