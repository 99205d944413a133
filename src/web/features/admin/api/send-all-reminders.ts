import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TASK_MESSAGES, type ReminderRun } from '@shared/api/tasks';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';

/** 'Send All Task Reminders' (admin, POST /api/tasks/reminders): 'Reminders Sent!' with how many went out. */
export function useSendAllReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ReminderRun>('/api/tasks/reminders'),
    onSuccess: (run) => {
      toast({
        title: TASK_MESSAGES.remindersSent,
        description:
          run.notified === 0
            ? 'Everyone due a reminder today already has one.'
            : `${run.notified} ${run.notified === 1 ? 'notification' : 'notifications'} sent.`,
      });
      void queryClient.invalidateQueries({ queryKey: ['notifications'] });
    },
    onError: (err) => toast({ title: TASK_MESSAGES.remindersFailed, description: err.message, variant: 'destructive' }),
  });
}
