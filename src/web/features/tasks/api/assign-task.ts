import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TASK_MESSAGES, type AssignTaskBody } from '@shared/api/tasks';
import { toast } from '@web/components/ui/toaster';
import { api } from '@web/lib/api';

/** Reassigns a task to a person, to the Church Media Squad, or to no one. */
export function useAssignTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, assigneeId }: { taskId: string } & AssignTaskBody) =>
      api.post<unknown>(`/api/tasks/${taskId}/assign`, { assigneeId }),
    onSuccess: () => toast({ title: 'Task reassigned' }),
    onError: (err) => toast({ title: TASK_MESSAGES.reassignmentFailed, description: err.message, variant: 'destructive' }),
    // Settled either way: on failure the select goes back to the saved assignee.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['requests'] }),
  });
}
