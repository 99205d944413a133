import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BOARD_MESSAGES, type BoardAssignBody, type BoardAssignResult } from '@shared/api/board';
import { itemCount } from '@shared/domain/board';
import { toast } from '@web/components/ui/toaster';
import { api } from '@web/lib/api';

/** 'Assign to...' on the selection (coordinator and above): 'Success' with 'Assigned N items to Y'. */
export function useAssignItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BoardAssignBody) => api.post<BoardAssignResult>('/api/board/assign', body),
    onSuccess: (result, vars) =>
      toast({ title: BOARD_MESSAGES.success, description: `Assigned ${itemCount(vars.itemIds.length)} to ${result.assignee.fullName}` }),
    onError: (err) => toast({ title: BOARD_MESSAGES.assignFailed, description: err.message, variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['requests'] }),
  });
}
