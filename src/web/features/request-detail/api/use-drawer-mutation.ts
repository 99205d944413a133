import { useMutation, useQueryClient, type QueryKey, type UseMutationOptions } from '@tanstack/react-query';
import { invalidateKeys, ITEM_WORK_KEYS, requestKeys } from '@web/lib/request-keys';

/** The caller's options of a drawer mutation: its feedback (toasts) and what it does next. */
export type DrawerMutationOptions<TVars, TResult> = UseMutationOptions<TResult, Error, TVars>;

/** What a drawer change touches. */
export const DRAWER_TOUCHES = {
  /** Messages, viewers and files show only in the drawer. */
  drawerOnly: (id: string): QueryKey[] => [requestKeys.detail(id)],
  /** An item's work (proof steps, status, assignee) shows on the board, in the task lists and the drawer. */
  itemWork: ITEM_WORK_KEYS,
  /** The request's own fields (status, priority, coordinator, title, dates, archive) show in every list. */
  request: [requestKeys.all] as QueryKey[],
};

/**
 * The shape of every drawer mutation: run the call; reload the queries the change touches before
 * the caller's onSuccess, so controls stay disabled until they show the saved values and the new
 * version; then the caller's options. `leaves`: the change removes what the drawer shows (delete):
 * the caller leaves first, and the touched queries are only marked stale, not fetched again.
 */
export function useDrawerMutation<TVars, TResult>(
  fn: (vars: TVars) => Promise<TResult>,
  touches: readonly QueryKey[],
  { onSuccess, ...options }: DrawerMutationOptions<TVars, TResult> = {},
  { leaves = false }: { leaves?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: fn,
    onSuccess: async (...args) => {
      if (!leaves) await invalidateKeys(queryClient, touches);
      await onSuccess?.(...args);
      if (leaves) await Promise.all(touches.map((queryKey) => queryClient.invalidateQueries({ queryKey, refetchType: 'none' })));
    },
  });
}
