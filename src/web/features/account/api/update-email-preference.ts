import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EMAIL_PREFERENCE_MESSAGES, type EmailPreferenceInput, type EmailPreferences } from '@shared/api/email-preferences';
import { EMAIL_KIND_LABELS, EMAIL_MODE_LABELS } from '@shared/domain/email-preferences';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';
import { EMAIL_PREFERENCES_URL, emailPreferencesQuery } from './get-email-preferences';

/** Saves one kind's mode; a toast says what was saved, or the server's refusal. */
export function useUpdateEmailPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EmailPreferenceInput) => api.put<EmailPreferences>(EMAIL_PREFERENCES_URL, input),
    onSuccess: (saved, input) => {
      queryClient.setQueryData(emailPreferencesQuery.queryKey, saved);
      toast({
        title: EMAIL_PREFERENCE_MESSAGES.saved,
        description: `${EMAIL_KIND_LABELS[input.kind]}: ${EMAIL_MODE_LABELS[input.mode]}.`,
      });
    },
    onError: (err) => {
      toast({ title: EMAIL_PREFERENCE_MESSAGES.saveFailed, description: err.message, variant: 'destructive' });
      void queryClient.invalidateQueries({ queryKey: emailPreferencesQuery.queryKey });
    },
  });
}
