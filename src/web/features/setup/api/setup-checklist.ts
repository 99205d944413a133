import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { SETUP_MESSAGES, type SetupChecklist } from '@shared/api/setup';
import type { SetupStepKey, SetupStepStatus } from '@shared/domain/setup-checklist';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';

/** The first-run setup checklist (admins only). */
export const setupChecklistQuery = queryOptions({
  queryKey: ['admin', 'setup'],
  queryFn: () => api.get<SetupChecklist>('/api/admin/setup'),
});

/** Marks a review step done, dismisses a step or opens it again; the answer is the whole checklist. */
export function useMarkSetupStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, status }: { key: SetupStepKey; status: SetupStepStatus }) =>
      api.put<SetupChecklist>(`/api/admin/setup/steps/${key}`, { status }),
    onSuccess: (checklist) => queryClient.setQueryData(setupChecklistQuery.queryKey, checklist),
    onError: (err) => toast({ title: SETUP_MESSAGES.saveFailed, description: err.message, variant: 'destructive' }),
  });
}
