import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { ReminderRun } from '@shared/api/tasks';
import { api } from '@web/lib/api';

export const sendReminders = () => api.post<ReminderRun>('/api/tasks/reminders');

/** 'Send All Task Reminders' (admin): runs the reminder rules now; the notifications it wrote reload. */
export function useSendReminders({ onSuccess, ...options }: UseMutationOptions<ReminderRun, Error, void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: sendReminders,
    onSuccess: async (...args) => {
      void queryClient.invalidateQueries({ queryKey: ['notifications'] });
      await onSuccess?.(...args);
    },
  });
}
