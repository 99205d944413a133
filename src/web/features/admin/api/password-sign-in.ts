import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { PASSWORD_SIGN_IN_MESSAGES, type PasswordSignInSetting } from '@shared/api/auth';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';

const SETTING_URL = '/api/admin/settings/password-sign-in';

/** Whether people may sign in with a password (admin only; decision 0036). */
export const passwordSignInQuery = queryOptions({
  queryKey: ['admin', 'settings', 'password-sign-in'],
  queryFn: () => api.get<PasswordSignInSetting>(SETTING_URL),
});

/** Turns password sign-in on or off: 'Changes saved successfully!' or 'Error saving changes' with the server's message. */
export function useSetPasswordSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => api.put<PasswordSignInSetting>(SETTING_URL, { enabled }),
    onSuccess: (setting) => {
      queryClient.setQueryData(passwordSignInQuery.queryKey, setting);
      void queryClient.invalidateQueries({ queryKey: ['sign-in-options'] });
      toast({ title: PASSWORD_SIGN_IN_MESSAGES.saved });
    },
    onError: (err) => {
      toast({ title: PASSWORD_SIGN_IN_MESSAGES.saveFailed, description: err.message, variant: 'destructive' });
      void queryClient.invalidateQueries({ queryKey: passwordSignInQuery.queryKey });
    },
  });
}
