import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { REQUEST_TEMPLATE_MESSAGES as M, type RequestTemplatesResponse, type SaveTemplateBody } from '@shared/api/request-templates';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';

/** GET /api/request-templates: the caller's own templates, then the church's. */
export const requestTemplatesQuery = queryOptions({
  queryKey: ['request-templates'],
  queryFn: () => api.get<RequestTemplatesResponse>('/api/request-templates'),
});

function useTemplateMutation<V>(send: (vars: V) => Promise<{ id: string }>, done: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => toast({ title: done }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['request-templates'] }),
  });
}

export const useSaveAsTemplate = (requestId: string) =>
  useTemplateMutation((body: SaveTemplateBody) => api.post<{ id: string }>(`/api/requests/${requestId}/template`, body), M.saved);

export const useRenameTemplate = () =>
  useTemplateMutation(
    ({ id, name }: { id: string; name: string }) => api.patch<{ id: string }>(`/api/request-templates/${id}`, { name }),
    M.renamed,
  );

export const useDeleteTemplate = () =>
  useTemplateMutation((id: string) => api.delete<{ id: string }>(`/api/request-templates/${id}`), M.deleted);
