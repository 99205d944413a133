import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SUNDAYS_MESSAGES, type AddOneOffTaskBody } from '@shared/api/sundays';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';

/** A one-off task on one Sunday's runway plan (coordinators and above); the Sunday reloads. */
export function useAddOneOffTask(date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, body }: { code: string; body: AddOneOffTaskBody }) =>
      api.post<{ id: string; version: number }>(`/api/sundays/${date}/runways/${code}/tasks`, body),
    onSuccess: () => toast({ title: SUNDAYS_MESSAGES.taskAdded }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['sundays'] }),
  });
}
