import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export const remindTask = (taskId: string) => api.post<void>(`/api/tasks/${taskId}/remind`);

/** A manual reminder to one task's assignee (admin): it changes no list, so nothing reloads. */
export function useRemindTask(options: UseMutationOptions<void, Error, string> = {}) {
  return useMutation({ ...options, mutationFn: remindTask });
}
