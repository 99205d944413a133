import { useMutation } from '@tanstack/react-query';
import { TASK_MESSAGES } from '@shared/api/tasks';
import { toast } from '@web/components/ui/toaster';
import { api } from '@web/lib/api';

/** A manual reminder to one task's assignee (admin). */
export function useRemindTask() {
  return useMutation({
    mutationFn: (taskId: string) => api.post<void>(`/api/tasks/${taskId}/remind`),
    onSuccess: () => toast({ title: TASK_MESSAGES.reminderSent }),
    onError: (err) => toast({ title: TASK_MESSAGES.remindFailed, description: err.message, variant: 'destructive' }),
  });
}
