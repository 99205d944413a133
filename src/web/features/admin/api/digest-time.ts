import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { DIGEST_TIME_MESSAGES, type DigestTimeSetting } from '@shared/api/email-preferences';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';

const SETTING_URL = '/api/admin/settings/digest-time';

/** When the daily e-mail digest goes, church time (admin only). */
export const digestTimeQuery = queryOptions({
  queryKey: ['admin', 'settings', 'digest-time'],
  queryFn: () => api.get<DigestTimeSetting>(SETTING_URL),
});

export function useSetDigestTime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (time: string) => api.put<DigestTimeSetting>(SETTING_URL, { time }),
    onSuccess: (setting) => {
      queryClient.setQueryData(digestTimeQuery.queryKey, setting);
      toast({ title: DIGEST_TIME_MESSAGES.saved });
    },
    onError: (err) => {
      toast({ title: DIGEST_TIME_MESSAGES.saveFailed, description: err.message, variant: 'destructive' });
    },
  });
}
