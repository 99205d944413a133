import { queryOptions } from '@tanstack/react-query';
import type { EmailPreferences } from '@shared/api/email-preferences';
import { api } from '@web/lib/api';

export const EMAIL_PREFERENCES_URL = '/api/account/email-preferences';

/** The signed-in person's e-mail preferences, every kind with its mode. */
export const emailPreferencesQuery = queryOptions({
  queryKey: ['account', 'email-preferences'],
  queryFn: () => api.get<EmailPreferences>(EMAIL_PREFERENCES_URL),
});
