import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { SUNDAY_AUTO_LOCK_MESSAGES } from '@shared/api/notes';
import type { SecondFactorRequirement } from '@shared/api/two-factor';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';
import { sessionQuery } from '@web/features/auth';

const SETTING_URL = '/api/admin/settings/second-factor-requirement';

/** Whether admins and coordinators must have a second factor. */
export const secondFactorRequirementQuery = queryOptions({
  queryKey: ['admin', 'settings', 'second-factor-requirement'],
  queryFn: () => api.get<SecondFactorRequirement>(SETTING_URL),
});

/** Turns the requirement on or off; the admin's own session is refetched (it may now be confined to enrollment). */
export function useSetSecondFactorRequirement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => api.put<SecondFactorRequirement>(SETTING_URL, { enabled }),
    onSuccess: (setting) => {
      queryClient.setQueryData(secondFactorRequirementQuery.queryKey, setting);
      toast({ title: SUNDAY_AUTO_LOCK_MESSAGES.saved });
      void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    },
    onError: (err) => {
      toast({ title: SUNDAY_AUTO_LOCK_MESSAGES.saveFailed, description: err.message, variant: 'destructive' });
      void queryClient.invalidateQueries({ queryKey: secondFactorRequirementQuery.queryKey });
    },
  });
}
