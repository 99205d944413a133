import { queryOptions, useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { Schedule, ScheduleAssignBody, ScheduleTask } from '@shared/api/people';
import { api, qs } from '@web/lib/api';

/** The schedule of the next `weeks` Sundays: one request, one statement on the server. */
export const scheduleQuery = (weeks: number) =>
  queryOptions({
    queryKey: ['schedule', 'grid', weeks],
    queryFn: ({ signal }) => api.get<Schedule>(`/api/schedule${qs({ weeks })}`, { signal }),
  });

/** Gives one task of one Sunday to a person; the schedule, the Sundays and the pickers reload. */
export function useAssignFromSchedule(options: UseMutationOptions<ScheduleTask, Error, ScheduleAssignBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (body: ScheduleAssignBody) => api.put<ScheduleTask>('/api/schedule/assignments', body),
    onSettled: async (...args) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['schedule'] }),
        queryClient.invalidateQueries({ queryKey: ['sundays'] }),
      ]);
      await options.onSettled?.(...args);
    },
  });
}
