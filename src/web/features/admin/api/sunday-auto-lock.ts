import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { SUNDAY_AUTO_LOCK_MESSAGES, type SundayAutoLockSetting } from '@shared/api/notes';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';

const SETTING_URL = '/api/admin/settings/sunday-auto-lock';

/** The Sunday lock rule: on or off, the weekday before each Sunday and the time (admin only). */
export const sundayAutoLockQuery = queryOptions({
  queryKey: ['admin', 'settings', 'sunday-auto-lock'],
  queryFn: () => api.get<SundayAutoLockSetting>(SETTING_URL),
});

/** Turns the auto-lock on or off, or sets its weekday and time: 'Changes saved successfully!' or 'Error saving changes' with the server's message. */
export function useSetSundayAutoLock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rule: { enabled: boolean; weekday?: number; time?: string }) => api.put<SundayAutoLockSetting>(SETTING_URL, rule),
    onSuccess: (setting) => {
      queryClient.setQueryData(sundayAutoLockQuery.queryKey, setting);
      toast({ title: SUNDAY_AUTO_LOCK_MESSAGES.saved });
    },
    onError: (err) => {
      toast({ title: SUNDAY_AUTO_LOCK_MESSAGES.saveFailed, description: err.message, variant: 'destructive' });
      void queryClient.invalidateQueries({ queryKey: sundayAutoLockQuery.queryKey });
    },
  });
}
