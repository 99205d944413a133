import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LANDING_MESSAGES, type LandingEditor, type LandingSaveBody } from '@shared/api/landing';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';
import { landingEditorQuery } from './get-landing-editor';

export const saveLanding = (body: LandingSaveBody) => api.put<LandingEditor>('/api/admin/landing', body);

/**
 * The editor's one Save: 'Changes saved successfully!', or 'Failed to save content.' with the
 * server's reason (guide/administration.md#the-landing-page). The public page's copy is dropped so it reads afresh.
 */
export function useSaveLanding(onSaved: (saved: LandingEditor) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLanding,
    onSuccess: (saved) => {
      queryClient.setQueryData(landingEditorQuery.queryKey, saved);
      toast({ title: LANDING_MESSAGES.saved });
      onSaved(saved);
    },
    onError: (err) => toast({ title: LANDING_MESSAGES.saveFailed, description: err.message, variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['landing'], exact: true }),
  });
}
